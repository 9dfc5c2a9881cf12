"""Element-wise tensor ops (`pl.tensor.add`, `pl.tensor.adds`, `pl.tensor.cmp`,
`pl.tensor.and_`, ...): the wrappers of python/pypto/language/op/tensor_ops.py, their IR
builders (python/pypto/ir/op/tensor_ops.py) and the deductions of
src/ir/op/tensor_ops/elementwise.cpp."""

from __future__ import annotations

from typing import Any

from compiler.ir import UNKNOWN_VIEW, Const, Expr, IRType, ScalarType, TensorType
from compiler.ir.views import valid_shape
from compiler.ops.call import OpCall, OpError
from compiler.ops.checks import check, dtype_among, expect, expect_tensor_like, known, rule
from compiler.ops.registry import wrapper
from compiler.ops.result_views import fresh_tensor, plain_tensor
from compiler.ops.tile_elementwise import TDIV_DTYPES, div_precision, subs_dtypes
from compiler.ops.type_inference import (
    broadcast_shapes,
    dims_equal,
    dtype_text,
    is_int_dtype,
    promote_dtypes,
    shape_text,
)
from compiler.ops.wrapping import Arg, build, flag, ir_scalar, normalize_scalar_operand, unwrap, unwrap_if

_TENSOR_OR_SCALAR = frozenset({"Tensor", "DistributedTensor", "Scalar"})  # tensor_ops.py `_unwrap_rhs`


def first_tensor(ir_type: IRType | None, op: str) -> TensorType:
    return expect_tensor_like(
        ir_type,
        f"The operator {op} requires first argument to be a TensorType or DistributedTensorType, but got ",
    )


def second_tensor(ir_type: IRType | None, op: str) -> TensorType:
    return expect_tensor_like(
        ir_type,
        f"The operator {op} requires second argument to be a TensorType or DistributedTensorType, but got ",
    )


def matching_valid_result(
    a: TensorType, b: TensorType, shape: tuple[Any, ...] | None, dtype: str | None
) -> TensorType:
    """`GetMatchingElementwiseValidShape`: two plain tensors of one shape and provably one
    valid shape give a fresh result with it; any other pair a result with no view."""
    if a.distributed or b.distributed:
        return plain_tensor(shape, dtype)
    if a.shape is None or b.shape is None:
        return TensorType(shape, dtype)
    if len(a.shape) != len(b.shape) or any(dims_equal(x, y) is False for x, y in zip(a.shape, b.shape)):
        return plain_tensor(shape, dtype)
    if any(dims_equal(x, y) is None for x, y in zip(a.shape, b.shape)):
        return TensorType(shape, dtype)
    valid_a, valid_b = valid_shape(a), valid_shape(b)
    if valid_a is None or valid_b is None:
        return TensorType(shape, dtype)
    equal = [dims_equal(x, y) for x, y in zip(valid_a, valid_b)]
    if all(equal):
        return fresh_tensor(shape, dtype, valid_a)
    return plain_tensor(shape, dtype) if False in equal else TensorType(shape, dtype, view=UNKNOWN_VIEW)


def deduce_binary(
    lhs: IRType | None, rhs: IRType | None, op: str, *, preserve_valid: bool = True
) -> TensorType:
    """`DeduceTensorOpElementwiseBinaryType`: promoted dtype, broadcast shape."""
    a, b = first_tensor(lhs, op), second_tensor(rhs, op)
    dtype = promote_dtypes(a.dtype, b.dtype)
    shape: tuple[Any, ...] | None = None
    if a.shape is not None and b.shape is not None:
        ok, shape = broadcast_shapes(a.shape, b.shape)
        if ok is False:
            a_text, b_text = shape_text(a.shape), shape_text(b.shape)
            if a_text is None or b_text is None:
                return TensorType(None, dtype)
            raise OpError(f"The operator {op} requires compatible shapes, but got {a_text} and {b_text}")
    return matching_valid_result(a, b, shape, dtype) if preserve_valid else plain_tensor(shape, dtype)


def deduce_scalar(
    lhs: IRType | None,
    rhs: IRType | None,
    op: str,
    *,
    preserve_lhs_dtype: bool = False,
    preserve_valid: bool = True,
) -> TensorType:
    """`DeduceTensorOpElementwiseScalarType`: the tensor's shape, the promoted dtype (or
    the tensor's), a fresh result with its valid shape (a plain tensor only)."""
    a = first_tensor(lhs, op)
    s = expect(rhs, ScalarType, f"The operator {op} requires second argument to be a ScalarType, but got ")
    dtype = a.dtype if preserve_lhs_dtype else promote_dtypes(a.dtype, s.dtype)
    if preserve_valid and not a.distributed:
        return fresh_tensor(a.shape, dtype, valid_shape(a))
    return plain_tensor(a.shape, dtype)


def _integer(dtype: str | None, op: str, what: str = "an integer tensor dtype") -> None:
    check(is_int_dtype(dtype), lambda: f"The operator {op} requires {what}, but got {dtype_text(dtype)}")  # type: ignore[arg-type]


def deduce_bitwise(
    lhs: IRType | None, rhs: IRType | None, op: str, *, preserve_lhs_dtype: bool, preserve_valid: bool = True
) -> TensorType:
    """`DeduceTensorOpBitwiseBinaryType`: integer tensors of one shape (no broadcasting)."""
    a, b = first_tensor(lhs, op), second_tensor(rhs, op)
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
    return matching_valid_result(a, b, a.shape, dtype) if preserve_valid else plain_tensor(a.shape, dtype)


def deduce_bitwise_scalar(
    lhs: IRType | None,
    rhs: IRType | None,
    op: str,
    shift_count: int | None,
    *,
    is_shift: bool,
    preserve_valid: bool = True,
) -> TensorType:
    """`DeduceTensorOpBitwiseScalarType`: the lhs dtype; a constant shift count >= 0."""
    out = deduce_scalar(lhs, rhs, op, preserve_lhs_dtype=True, preserve_valid=preserve_valid)
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


def _operands(call: OpCall, fallback_int: str = "FP32") -> tuple[Expr, Arg, IRType | None, IRType | None]:
    """`lhs.unwrap()`, `_unwrap_rhs(rhs)`, then the IR builder's scalar normalization:
    (lhs, rhs as held, lhs type, rhs type after normalization)."""
    lhs = unwrap(call, call.param(0))
    rhs = unwrap_if(call, call.param(1), _TENSOR_OR_SCALAR)
    known(lhs)
    known(rhs)
    assert lhs is not None and rhs is not None
    rhs_type = normalize_scalar_operand(lhs.type, rhs, fallback_int=fallback_int)
    known(rhs_type)
    return lhs, rhs, lhs.type, rhs_type


def _div_checks(out: TensorType, operands: list[IRType | None], call: OpCall) -> bool | None:
    """tensor.div: TDIV operand dtypes, then high precision only for a float result."""
    for operand in operands:
        dtype = operand.dtype if isinstance(operand, TensorType) else None
        dtype_among(
            dtype,
            TDIV_DTYPES,
            "The operator tensor.div requires operand dtype in {INT16, INT32, FP16, FP32}, but got ",
        )
    high_precision = flag(call, "high_precision")
    div_precision("tensor.div", high_precision, out.dtype)
    return high_precision


@wrapper("tensor.add", "tensor.sub", "tensor.mul", "tensor.div", "tensor.fmod")
@rule
def binary_auto(call: OpCall) -> IRType | None:
    """A Tensor rhs is `tensor.add`, a scalar one `tensor.adds` (by the normalized rhs)."""
    lhs, rhs, lhs_type, rhs_type = _operands(call)
    name = call.name
    if isinstance(rhs_type, ScalarType):
        if name == "div" and flag(call, "high_precision"):
            raise OpError("tensor.div(high_precision=True) requires a Tensor rhs")
        op = f"tensor.{name}s"
        out = _scalar_arith(lhs_type, rhs_type, op)
        build(call, op, [lhs, ir_scalar(rhs, rhs_type)])
        return out
    op = f"tensor.{name}"
    out = deduce_binary(lhs_type, rhs_type, op)
    if name != "div":
        build(call, op, [lhs, rhs.expr])
        return out
    high_precision = _div_checks(out, [lhs_type, rhs_type], call)
    if high_precision is not None:
        build(call, op, [lhs, rhs.expr], {"high_precision": True} if high_precision else {})
    return out


def _scalar_arith(lhs: IRType | None, rhs: IRType | None, op: str) -> TensorType:
    if op != "tensor.subs":
        return deduce_scalar(lhs, rhs, op)
    out = deduce_scalar(lhs, rhs, op, preserve_lhs_dtype=True)
    assert isinstance(lhs, TensorType) and isinstance(rhs, ScalarType)
    subs_dtypes("tensor.subs", (("tensor", lhs.dtype), ("scalar", rhs.dtype)))
    return out


@wrapper("tensor.adds", "tensor.subs", "tensor.muls", "tensor.divs", "tensor.fmods")
@rule
def scalar_arith(call: OpCall) -> IRType | None:
    lhs, rhs, lhs_type, rhs_type = _operands(call)
    op = f"tensor.{call.name}"
    out = _scalar_arith(lhs_type, rhs_type, op)
    build(call, op, [lhs, ir_scalar(rhs, rhs_type)])
    return out


@wrapper("tensor.maximum", "tensor.minimum", "tensor.cmp")
@rule
def one_op(call: OpCall) -> IRType | None:
    """One op for both forms: the deduction takes the binary path for a tensor rhs
    (tensor.cmp's scalar form keeps no valid shape)."""
    lhs, rhs, lhs_type, rhs_type = _operands(call)
    op = f"tensor.{call.name}"
    is_cmp = call.name == "cmp"
    if isinstance(rhs_type, TensorType):
        out = deduce_binary(lhs_type, rhs_type, op, preserve_valid=not is_cmp)
        rhs_ir: Expr | None = rhs.expr
    else:
        out = deduce_scalar(lhs_type, rhs_type, op, preserve_valid=not is_cmp)
        rhs_ir = ir_scalar(rhs, rhs_type)
    kwargs = {"cmp_type": _cmp_type(call)} if is_cmp else {}
    build(call, op, [lhs, rhs_ir], kwargs)
    return out


def _cmp_type(call: OpCall) -> Any:
    node = call.nodes.get("cmp_type")
    return 0 if node is None else call.evaluate(node)


@wrapper("tensor.part_add", "tensor.part_mul", "tensor.part_max", "tensor.part_min")
@rule
def partial(call: OpCall) -> IRType | None:
    lhs = unwrap(call, call.param(0))
    rhs = unwrap(call, call.param(1))
    known(lhs)
    known(rhs)
    assert lhs is not None and rhs is not None
    op = f"tensor.{call.name}"
    out = deduce_binary(lhs.type, rhs.type, op, preserve_valid=False)
    build(call, op, [lhs, rhs])
    return out


_BITWISE = {"and_": "and", "or_": "or", "xor": "xor", "shl": "shl", "shr": "shr"}
_BITWISE_SCALAR = {"ands": "ands", "ors": "ors", "xors": "xors", "shls": "shls", "shrs": "shrs"}


@wrapper(*(f"tensor.{name}" for name in (*_BITWISE, *_BITWISE_SCALAR)))
@rule
def bitwise(call: OpCall) -> IRType | None:
    """`_bitwise_dispatch` / `_bitwise_scalar`: an int literal keeps the INT32 fallback."""
    lhs, rhs, lhs_type, rhs_type = _operands(call, fallback_int="INT32")
    name = call.name
    op_name = _BITWISE.get(name) or _BITWISE_SCALAR[name]
    if name in _BITWISE and not isinstance(rhs_type, ScalarType):
        out = deduce_bitwise(
            lhs_type,
            rhs_type,
            f"tensor.{op_name}",
            preserve_lhs_dtype=op_name in ("shl", "shr"),
            preserve_valid=op_name != "xor",
        )
        build(call, f"tensor.{op_name}", [lhs, rhs.expr])
        return out
    if name in _BITWISE:
        op_name += "s"
    rhs_ir = ir_scalar(rhs, rhs_type)
    out = deduce_bitwise_scalar(
        lhs_type,
        rhs_type,
        f"tensor.{op_name}",
        _constant_int(rhs_ir),
        is_shift=op_name in ("shls", "shrs"),
        preserve_valid=op_name != "xors",
    )
    build(call, f"tensor.{op_name}", [lhs, rhs_ir])
    return out


def _constant_int(value: Any) -> int | None:
    """The shift count when the IR operand is an int constant."""
    if isinstance(value, Const) and isinstance(value.value, int) and not isinstance(value.value, bool):
        return value.value
    return None
