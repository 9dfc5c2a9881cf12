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


def static_int(dim: Any) -> int | None:
    """A dimension's value when it is a constant (the C++ `As<ConstInt>` succeeds), else
    None: a symbol, an expression, or a value this front end could not fold."""
    return dim if isinstance(dim, int) and not isinstance(dim, bool) else None


def dtype_text(dtype: str) -> str:
    """A dtype as the C++ `DataType::ToString()` writes it in messages: "fp16", "int32",
    "bfloat16" (the DSL spelling `BF16` is the only one that is not its lower case)."""
    return "bfloat16" if dtype == "BF16" else dtype.lower()


def dim_text(dim: Any) -> str | None:
    """A dimension as the C++ `PythonPrint` writes it (`64`, `M`), None when unsure."""
    if static_int(dim) is not None:
        return str(dim)
    if isinstance(dim, str) and dim != "?" and dim.isidentifier():
        return dim
    return None


def shape_text(shape: tuple[Any, ...]) -> str | None:
    """A shape as the C++ `FormatShape` writes it (`[16, M]`), None when a dim is unsure."""
    dims = [dim_text(dim) for dim in shape]
    return None if any(d is None for d in dims) else "[" + ", ".join(dims) + "]"  # type: ignore[arg-type]


def broadcast_dims(lhs: tuple[Any, ...], rhs: tuple[Any, ...]) -> tuple[Any, ...] | bool | None:
    """The C++ BroadcastShapes: the broadcast shape, False when it fails, None when a pair
    of dims is neither equal nor decidable here (a symbol against a constant other than 1
    fails in the real rule too, but a dim we could not fold may be that constant)."""
    result: list[Any] = []
    for i in range(max(len(lhs), len(rhs))):
        a = lhs[len(lhs) - 1 - i] if i < len(lhs) else None
        b = rhs[len(rhs) - 1 - i] if i < len(rhs) else None
        if a is None or b is None:
            result.append(b if a is None else a)
            continue
        if static_int(a) == 1 and static_int(b) is None and b is not None:
            result.append(b)
        elif static_int(b) == 1:
            result.append(a)
        elif static_int(a) is not None and static_int(b) is not None:
            if a != b and a != 1:
                return False
            result.append(b if a == 1 else a)
        elif isinstance(a, str) and a == b and a != "?":
            result.append(a)
        else:
            return None
    return tuple(reversed(result))
