"""Shared helpers of the op rules: the real `src/ir/op/type_inference.cpp` and the
dtype facts its rules use (dtype promotion, shape broadcasting, how a shape and a
type's class are written in messages)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

from compiler.ir import (
    ArrayType,
    AsyncEventType,
    AsyncSessionType,
    Const,
    IRType,
    PrefetchAsyncContextType,
    ScalarType,
    TensorType,
    TileType,
    TupleType,
)
from compiler.ops.call import OpError

# The async-prefetch handle types (their class names are their C++ `TypeName()`).
PREFETCH_HANDLES = (PrefetchAsyncContextType, AsyncEventType, AsyncSessionType)

# The float dtypes (`DataType::IsFloat()`) and their bits.
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


def is_float(dtype: str | None) -> bool:
    return dtype in FLOAT_BITS


def ir_type_name(ir_type: IRType | None) -> str | None:
    """What the C++ `TypeName()` prints for an operand's type, or None when unsure."""
    if isinstance(ir_type, TensorType):
        return "DistributedTensorType" if ir_type.distributed else "TensorType"
    if isinstance(ir_type, (TileType, ScalarType, TupleType, ArrayType, *PREFETCH_HANDLES)):
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


def shape_text(shape: tuple[Any, ...] | None) -> str | None:
    """A shape as the C++ `FormatShape` writes it (`[16, M]`), None when a dim is unsure
    (or the shape is not known)."""
    if shape is None:
        return None
    dims = [dim_text(dim) for dim in shape]
    return None if any(d is None for d in dims) else "[" + ", ".join(dims) + "]"  # type: ignore[arg-type]


def _right_aligned(lhs: tuple[Any, ...], rhs: tuple[Any, ...]) -> Iterator[tuple[Any, Any]]:
    """The dims of two shapes paired from the last one (None past a shape's first)."""
    for i in range(max(len(lhs), len(rhs))):
        yield (
            lhs[len(lhs) - 1 - i] if i < len(lhs) else None,
            rhs[len(rhs) - 1 - i] if i < len(rhs) else None,
        )


def broadcast_dims(lhs: tuple[Any, ...], rhs: tuple[Any, ...]) -> tuple[Any, ...] | bool | None:
    """The C++ BroadcastShapes: the broadcast shape, False when it fails, None when a pair
    of dims is neither equal nor decidable here (a symbol against a constant other than 1
    fails in the real rule too, but a dim we could not fold may be that constant)."""
    result: list[Any] = []
    for a, b in _right_aligned(lhs, rhs):
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


# ---------------------------------------------------------------------------
# The real DataType facts (include/pypto/core/dtype.h) and the type-inference
# helpers of src/ir/op/type_inference.cpp that the element-wise, unary,
# reduction and broadcast rules share.

# `DataType::ToString()`: how a dtype is written in the ops' messages.
_DTYPE_TEXT = {
    "BOOL": "bool", "INT4": "int4", "INT8": "int8", "INT16": "int16", "INT32": "int32",
    "INT64": "int64", "INDEX": "index", "UINT4": "uint4", "UINT8": "uint8", "UINT16": "uint16",
    "UINT32": "uint32", "UINT64": "uint64", "FP4": "fp4", "FP8E4M3FN": "fp8e4m3fn",
    "FP8E5M2": "fp8e5m2", "FP8E8M0": "fp8e8m0", "FP16": "fp16", "FP32": "fp32",
    "BF16": "bfloat16", "HF4": "hf4", "HF8": "hf8", "TASK_ID": "task_id",
}  # fmt: skip
# `DataType::GetBit()`.
_DTYPE_BITS = {
    "BOOL": 1, "INT4": 4, "UINT4": 4, "FP4": 4, "HF4": 4, "INT8": 8, "UINT8": 8,
    "FP8E4M3FN": 8, "FP8E5M2": 8, "FP8E8M0": 8, "HF8": 8, "INT16": 16, "UINT16": 16,
    "FP16": 16, "BF16": 16, "INT32": 32, "UINT32": 32, "FP32": 32, "INT64": 64,
    "UINT64": 64, "INDEX": 64, "TASK_ID": 64,
}  # fmt: skip
# INDEX is a signed integer code in the real DataType; BOOL and TASK_ID are neither int nor float.
_SIGNED_INTS = frozenset({"INT4", "INT8", "INT16", "INT32", "INT64", "INDEX"})
_UNSIGNED_INTS = frozenset({"UINT4", "UINT8", "UINT16", "UINT32", "UINT64"})


def is_int_dtype(dtype: str | None) -> bool | None:
    """`DataType::IsInt()`; None when the dtype is not known."""
    return None if dtype is None else dtype in _SIGNED_INTS or dtype in _UNSIGNED_INTS


def is_float_dtype(dtype: str | None) -> bool | None:
    """`DataType::IsFloat()`; None when the dtype is not known."""
    return None if dtype is None else dtype in FLOAT_BITS


def dtype_bits(dtype: str) -> int:
    """`DataType::GetBit()` (0 for a dtype it does not size)."""
    return _DTYPE_BITS.get(dtype, 0)


def dtype_bytes_of(dtype: str) -> int:
    """`DataType::GetByte()`: bits rounded up to whole bytes."""
    return (_DTYPE_BITS.get(dtype, 0) + 7) // 8


def promote_dtypes(a: str | None, b: str | None) -> str | None:
    """The C++ `PromoteDataTypes`, as written: same -> it; a float beats a non-float;
    else the wider; at equal width a signed int beats the other; else the first.
    None when a dtype is not known (the real one never fails on known dtypes)."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    float_a, float_b = a in FLOAT_BITS, b in FLOAT_BITS
    if float_a != float_b:
        return a if float_a else b
    bits_a, bits_b = _DTYPE_BITS.get(a, 0), _DTYPE_BITS.get(b, 0)
    if bits_a != bits_b:
        return a if bits_a > bits_b else b
    if not float_a and a in _SIGNED_INTS:
        return a
    if not float_b and b in _SIGNED_INTS:
        return b
    return a


# Whether a dim names a `pl.dynamic` variable of the call's module (a free variable,
# which the real analyzer can prove equal to nothing but itself). Set per rule call by
# `checks.rule`, from the call's static evaluator; unset, no name is known to be one.
FREE_DIM: ContextVar[Callable[[Any], bool] | None] = ContextVar("FREE_DIM", default=None)


def dims_equal(a: Any, b: Any) -> bool | None:
    """`DimensionsEqual` as far as we can know it: True when the real one proves the two
    equal, False when it cannot (two different constants, or a `pl.dynamic` variable
    and anything but itself), None when it depends on what a dimension is (then no rule
    may refuse on it)."""
    if a is b:
        return True
    ca, cb = static_int(a), static_int(b)
    if ca is not None and cb is not None:
        return ca == cb
    if isinstance(a, str) and isinstance(b, str) and a == b and a != "?":
        return True  # the same symbol
    free = FREE_DIM.get()
    if free is not None and (ca is not None or free(a)) and (cb is not None or free(b)):
        return False
    return None


def _comparable(a: Any, b: Any) -> None:
    """A float constant dim against an integer one: `DimensionsEqual` finds no integer
    constant in the float and asks the analyzer to prove the two equal, which builds their
    difference, and the scalar `sub` refuses a float and an integer (an integer constant in
    a shape is an index)."""
    dtypes = [_float_dim_dtype(a), _float_dim_dtype(b)]
    if (dtypes[0] is None) == (dtypes[1] is None) or static_int(b if dtypes[0] else a) is None:
        return
    lhs, rhs = (dtype_text(dtype) if dtype else "index" for dtype in dtypes)
    raise OpError(f"Operator 'sub' requires same numeric dtype category, got {lhs} and {rhs}", located=True)


def _float_dim_dtype(dim: Any) -> str | None:
    """The dtype of a dim that is a float constant (`64.0` in a shape), else None."""
    if isinstance(dim, Const) and isinstance(dim.type, ScalarType) and is_float_dtype(dim.type.dtype):
        return dim.type.dtype
    return None


def broadcast_shapes(lhs: tuple[Any, ...], rhs: tuple[Any, ...]) -> tuple[bool | None, tuple[Any, ...]]:
    """The C++ `BroadcastShapes`: right-aligned, equal or a constant 1. Returns (success,
    shape): success None when a symbolic pair decides it (shape then holds "?" there)."""
    if not lhs or not rhs:
        return True, lhs or rhs
    result: list[Any] = []
    known = True
    for a, b in _right_aligned(lhs, rhs):
        if a is None or b is None:
            result.append(b if a is None else a)
            continue
        _comparable(a, b)
        equal = dims_equal(a, b)
        if equal:
            result.append(a)
        elif static_int(a) == 1:
            result.append(b)
        elif static_int(b) == 1:
            result.append(a)
        elif equal is False:
            return False, ()
        else:
            known = False
            result.append("?")
    return (True if known else None), tuple(reversed(result))
