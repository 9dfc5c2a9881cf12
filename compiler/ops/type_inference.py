"""Shared helpers of the op rules: the real `src/ir/op/type_inference.cpp` and the
dtype facts its rules use (dtype promotion, shape broadcasting, how a shape and a
type's class are written in messages)."""

from __future__ import annotations

from typing import Any

from compiler.ir import IRType, ScalarType, TensorType, TileType, TupleType

# Bits per float dtype, for the C++ PromoteDataTypes rule.
FLOAT_BITS = {
    "FP16": 16,
    "BF16": 16,
    "FP32": 32,
    "FP4": 4,
    "FP8E4M3FN": 8,
    "FP8E5M2": 8,
    "FP8E8M0": 8,
    "HF4": 4,
    "HF8": 8,
}
SIGNED_BITS = {"INT4": 4, "INT8": 8, "INT16": 16, "INT32": 32, "INT64": 64}
UNSIGNED_BITS = {"UINT4": 4, "UINT8": 8, "UINT16": 16, "UINT32": 32, "UINT64": 64, "BOOL": 1, "INDEX": 64}


def is_float(dtype: str | None) -> bool:
    return dtype in FLOAT_BITS


def promote(a: str | None, b: str | None) -> str | None:
    """The C++ PromoteDataTypes: same -> it; float beats int; wider wins; signed beats unsigned."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    bits_a = FLOAT_BITS.get(a) or SIGNED_BITS.get(a) or UNSIGNED_BITS.get(a)
    bits_b = FLOAT_BITS.get(b) or SIGNED_BITS.get(b) or UNSIGNED_BITS.get(b)
    if bits_a is None or bits_b is None:
        return None
    float_a, float_b = a in FLOAT_BITS, b in FLOAT_BITS
    if float_a != float_b:
        return a if float_a else b
    if bits_a != bits_b:
        return a if bits_a > bits_b else b
    if not float_a and a in SIGNED_BITS:
        return a
    if not float_b and b in SIGNED_BITS:
        return b
    return a


def is_static_shape(shape: tuple[Any, ...] | None) -> bool:
    return shape is not None and all(isinstance(d, int) and not isinstance(d, bool) for d in shape)


def broadcast(lhs: tuple[Any, ...], rhs: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The C++ BroadcastShapes on static shapes: right-aligned, equal or 1; None on failure."""
    result: list[Any] = []
    for i in range(max(len(lhs), len(rhs))):
        a = lhs[len(lhs) - 1 - i] if i < len(lhs) else None
        b = rhs[len(rhs) - 1 - i] if i < len(rhs) else None
        if a is None or b is None:
            result.append(b if a is None else a)
        elif a == b or b == 1:
            result.append(a)
        elif a == 1:
            result.append(b)
        else:
            return None
    return tuple(reversed(result))


def format_shape(shape: tuple[Any, ...]) -> str:
    """A shape as the C++ FormatShape writes it: `[32, 64]`."""
    return "[" + ", ".join(str(d) for d in shape) + "]"


def ir_type_name(ir_type: IRType | None) -> str | None:
    """What the C++ `TypeName()` prints for an operand's type, or None when unsure."""
    if isinstance(ir_type, TensorType):
        return "DistributedTensorType" if ir_type.distributed else "TensorType"
    if isinstance(ir_type, (TileType, ScalarType, TupleType)):
        return ir_type.ir_class_name
    return None
