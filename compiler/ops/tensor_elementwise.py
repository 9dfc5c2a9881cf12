"""Element-wise tensor ops (`pl.tensor.add`, `pl.tensor.adds`, `pl.tensor.cmp`,
`pl.tensor.and_`, ...): the wrappers of python/pypto/language/op/tensor_ops.py, their IR
builders (python/pypto/ir/op/tensor_ops.py) and the deductions of
src/ir/op/tensor_ops/elementwise.cpp."""

from __future__ import annotations

from typing import Any

from compiler.ir import Const, Expr, IRType, ScalarType, TensorType
from compiler.ops.call import OpCall, OpError
from compiler.ops.checks import check, expect, expect_tensor_like, known, rule
from compiler.ops.operands import Arg, flag, normalize_scalar_operand, unwrap, unwrap_if
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import (
    broadcast_shapes,
    dims_equal,
    dtype_text,
    is_float_dtype,
    is_int_dtype,
    promote_dtypes,
    shape_text,
)

_TENSOR_OR_SCALAR = frozenset({"Tensor", "DistributedTensor", "Scalar"})  # tensor_ops.py `_unwrap_rhs`
_TDIV_DTYPES = frozenset({"INT16", "INT32", "FP16", "FP32"})
_TSUBS_DTYPES = frozenset({"INT8", "INT16", "INT32", "FP16", "FP32", "BF16"})


def _type(expr: Expr | None) -> IRType | None:
    known(expr)
    assert expr is not None
    return expr.type


def first_tensor(ir_type: IRType | None, op: str) -> TensorType:
    return expect_tensor_like(
        ir_type,
        f"The operator {op} requires first argument to be a TensorType or DistributedTensorType, but got ",
    )


def deduce_binary(lhs: IRType | None, rhs: IRType | None, op: str) -> TensorType:
    """`DeduceTensorOpElementwiseBinaryType`: promoted dtype, broadcast shape."""
    a = first_tensor(lhs, op)
    b = expect_tensor_like(
        rhs,
        f"The operator {op} requires second argument to be a TensorType or DistributedTensorType, but got ",
    )
    dtype = promote_dtypes(a.dtype, b.dtype)
    shape: tuple[Any, ...] | None = None
    if a.shape is not None and b.shape is not None:
        ok, shape = broadcast_shapes(a.shape, b.shape)
        if ok is False:
            a_text, b_text = shape_text(a.shape), shape_text(b.shape)
            if a_text is None or b_text is None:
                return TensorType(None, dtype)
            raise OpError(f"The operator {op} requires compatible shapes, but got {a_text} and {b_text}")
    return TensorType(shape, dtype)


def deduce_scalar(
    lhs: IRType | None, rhs: IRType | None, op: str, *, preserve_lhs_dtype: bool = False
) -> TensorType:
    """`DeduceTensorOpElementwiseScalarType`."""
    a = first_tensor(lhs, op)
    s = expect(rhs, ScalarType, f"The operator {op} requires second argument to be a ScalarType, but got ")
    dtype = a.dtype if preserve_lhs_dtype else promote_dtypes(a.dtype, s.dtype)
    return TensorType(a.shape, dtype)


def _integer(dtype: str | None, op: str, what: str = "an integer tensor dtype") -> None:
    check(is_int_dtype(dtype), lambda: f"The operator {op} requires {what}, but got {dtype_text(dtype)}")  # type: ignore[arg-type]


def deduce_bitwise(
    lhs: IRType | None, rhs: IRType | None, op: str, *, preserve_lhs_dtype: bool
) -> TensorType:
    """`DeduceTensorOpBitwiseBinaryType`: integer tensors of one shape (no broadcasting)."""
    a = first_tensor(lhs, op)
    b = expect_tensor_like(
        rhs,
        f"The operator {op} requires second argument to be a TensorType or DistributedTensorType, but got ",
    )
    _integer(a.dtype, op)
    _integer(b.dtype, op)
    if a.shape is not None and b.shape is not None:
        equal = [dims_equal(x, y) for x, y in zip(a.shape, b.shape)]
        a_text, b_text = shape_text(a.shape), shape_text(b.shape)
        if (len(a.shape) != len(b.shape) or False in equal) and a_text is not None and b_text is not None:
            raise OpError(
                f"The operator {op} requires both operands to have the same shape, but got {a_text} and "
                f"{b_text}. Broadcasting is not supported for bitwise/shift operators because the hardware "
                "provides no row/col-expand form; reshape or expand the operand explicitly first."
            )
    dtype = a.dtype if preserve_lhs_dtype else promote_dtypes(a.dtype, b.dtype)
    return TensorType(a.shape, dtype)


def deduce_bitwise_scalar(
    lhs: IRType | None, rhs: IRType | None, op: str, shift_count: int | None, *, is_shift: bool
) -> TensorType:
    """`DeduceTensorOpBitwiseScalarType`: the lhs dtype; a constant shift count >= 0."""
    out = deduce_scalar(lhs, rhs, op, preserve_lhs_dtype=True)
    assert isinstance(lhs, TensorType) and isinstance(rhs, ScalarType)
    _integer(lhs.dtype, op)
    _integer(rhs.dtype, op, "the shift/bitwise scalar to be an integer type")
    if is_shift and shift_count is not None:
        check(
            shift_count >= 0,
            f"The operator {op} requires a non-negative shift count, but got {shift_count}. "
            "A negative shift distance has no defined result.",
        )
    return out


def _scalar_rhs(lhs: Expr | None, rhs: Arg | None, fallback_int: str) -> IRType | None:
    known(rhs)
    assert rhs is not None
    return normalize_scalar_operand(lhs.type if lhs is not None else None, rhs, fallback_int=fallback_int)


def _operands(call: OpCall, fallback_int: str = "FP32") -> tuple[IRType | None, IRType | None]:
    """`lhs.unwrap()`, `_unwrap_rhs(rhs)`, then the IR builder's scalar normalization."""
    lhs = unwrap(call, call.param(0))
    rhs = unwrap_if(call, call.param(1), _TENSOR_OR_SCALAR)
    rhs_type = _scalar_rhs(lhs, rhs, fallback_int)
    known(rhs_type)
    return _type(lhs), rhs_type


def _div_checks(out: TensorType, operands: list[IRType | None], call: OpCall) -> TensorType:
    """tensor.div: TDIV operand dtypes, then high precision only for a float result."""
    for operand in operands:
        dtype = operand.dtype if isinstance(operand, TensorType) else None
        if dtype is not None:
            check(
                dtype in _TDIV_DTYPES,
                f"The operator tensor.div requires operand dtype in {{INT16, INT32, FP16, FP32}}, but got "
                f"{dtype_text(dtype)}",
            )
    check(
        not flag(call, "high_precision") or is_float_dtype(out.dtype),
        "The operator tensor.div supports high_precision only for FP16 or FP32 because the PTOAS "
        "high-precision template does not implement integer division",
    )
    return out


@wrapper("tensor.add", "tensor.sub", "tensor.mul", "tensor.div", "tensor.fmod")
@rule
def binary_auto(call: OpCall) -> IRType | None:
    """A Tensor rhs is `tensor.add`, a scalar one `tensor.adds` (by the normalized rhs)."""
    lhs, rhs = _operands(call)
    name = call.name
    if isinstance(rhs, ScalarType):
        if name == "div" and flag(call, "high_precision"):
            raise OpError("tensor.div(high_precision=True) requires a Tensor rhs")
        return _scalar_arith(lhs, rhs, f"tensor.{name}s")
    out = deduce_binary(lhs, rhs, f"tensor.{name}")
    return _div_checks(out, [lhs, rhs], call) if name == "div" else out


def _scalar_arith(lhs: IRType | None, rhs: IRType | None, op: str) -> TensorType:
    if op != "tensor.subs":
        return deduce_scalar(lhs, rhs, op)
    out = deduce_scalar(lhs, rhs, op, preserve_lhs_dtype=True)
    assert isinstance(lhs, TensorType) and isinstance(rhs, ScalarType)
    for what, dtype in (("tensor", lhs.dtype), ("scalar", rhs.dtype)):
        if dtype is not None:
            check(
                dtype in _TSUBS_DTYPES,
                f"The operator tensor.subs requires {what} dtype in {{INT8, INT16, INT32, FP16, FP32, BF16}}, "
                f"but got {dtype_text(dtype)}",
            )
    return out


@wrapper("tensor.adds", "tensor.subs", "tensor.muls", "tensor.divs", "tensor.fmods")
@rule
def scalar_arith(call: OpCall) -> IRType | None:
    lhs, rhs = _operands(call)
    return _scalar_arith(lhs, rhs, f"tensor.{call.name}")


@wrapper("tensor.maximum", "tensor.minimum", "tensor.cmp")
@rule
def one_op(call: OpCall) -> IRType | None:
    """One op for both forms: the deduction takes the binary path for a tensor rhs."""
    lhs, rhs = _operands(call)
    op = f"tensor.{call.name}"
    if isinstance(rhs, TensorType):
        return deduce_binary(lhs, rhs, op)
    return deduce_scalar(lhs, rhs, op)


@wrapper("tensor.part_add", "tensor.part_mul", "tensor.part_max", "tensor.part_min")
@rule
def partial(call: OpCall) -> IRType | None:
    lhs = unwrap(call, call.param(0))
    rhs = unwrap(call, call.param(1))
    return deduce_binary(_type(lhs), _type(rhs), f"tensor.{call.name}")


_BITWISE = {"and_": "and", "or_": "or", "xor": "xor", "shl": "shl", "shr": "shr"}
_BITWISE_SCALAR = {"ands": "ands", "ors": "ors", "xors": "xors", "shls": "shls", "shrs": "shrs"}


@wrapper(*(f"tensor.{name}" for name in (*_BITWISE, *_BITWISE_SCALAR)))
@rule
def bitwise(call: OpCall) -> IRType | None:
    """`_bitwise_dispatch` / `_bitwise_scalar`: an int literal keeps the INT32 fallback."""
    lhs, rhs = _operands(call, fallback_int="INT32")
    name = call.name
    op_name = _BITWISE.get(name) or _BITWISE_SCALAR[name]
    if name in _BITWISE and not isinstance(rhs, ScalarType):
        return deduce_bitwise(lhs, rhs, f"tensor.{op_name}", preserve_lhs_dtype=op_name in ("shl", "shr"))
    if name in _BITWISE:
        op_name += "s"
    count = _constant_int(call.values.get(call.param(1) or ""))
    return deduce_bitwise_scalar(lhs, rhs, f"tensor.{op_name}", count, is_shift=op_name in ("shls", "shrs"))


def _constant_int(value: Any) -> int | None:
    """The shift count when the operand is an int constant (after re-typing, still one)."""
    if isinstance(value, Const) and isinstance(value.value, int) and not isinstance(value.value, bool):
        return value.value
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None
