"""Unary tensor ops (`pl.tensor.exp`, `pl.tensor.not_`, ...) and `pl.tensor.cast`: the
wrappers of python/pypto/language/op/tensor_ops.py, their IR builders and the deductions
of src/ir/op/tensor_ops/unary.cpp. A result is a fresh tensor holding the input's valid
shape (`DeduceTensorUnaryResultType`)."""

from __future__ import annotations

from compiler.ir import Expr, IRType, TensorType
from compiler.ir.views import valid_shape
from compiler.ops.call import OpCall
from compiler.ops.checks import dtype_among, expect_tensor_like, known, rule
from compiler.ops.registry import wrapper
from compiler.ops.result_views import fresh_tensor
from compiler.ops.tile_unary import (
    cast_target,
    fp32_only_check,
    high_precision_call,
    recip_precision,
    resolve_cast_mode,
    same_dtype_cast,
)
from compiler.ops.type_inference import is_float_dtype
from compiler.ops.wrapping import build, unwrap
from compiler.syntax.values import DType


def _input(call: OpCall, op: str) -> tuple[Expr, TensorType]:
    source = unwrap(call, call.param(0))
    known(source)
    assert source is not None
    tensor = expect_tensor_like(
        source.type, f"{op} requires first argument to be a TensorType or DistributedTensorType, but got "
    )
    return source, tensor


def _result(tensor: TensorType, dtype: str | None) -> TensorType:
    return fresh_tensor(tensor.shape, dtype, valid_shape(tensor))


def _float_or_fp32(dtype: str | None) -> str | None:
    """exp, sqrt, rsqrt, recip of an integer tensor are FP32."""
    if dtype is None:
        return None
    return dtype if is_float_dtype(dtype) else "FP32"


# The result dtype of the ops that check nothing of it.
_PLAIN = {
    "neg": lambda dtype: dtype,
    "abs": lambda dtype: dtype,
    "exp": _float_or_fp32,
    "sqrt": _float_or_fp32,
}


@wrapper(*(f"tensor.{name}" for name in _PLAIN))
@rule
def plain(call: OpCall) -> IRType | None:
    op = f"tensor.{call.name}"
    source, tensor = _input(call, op)
    build(call, op, [source])
    return _result(tensor, _PLAIN[call.name](tensor.dtype))


@wrapper("tensor.rsqrt")
@rule
def rsqrt(call: OpCall) -> IRType | None:
    source, tensor = _input(call, "tensor.rsqrt")
    high_precision_call(call, "tensor.rsqrt", source)
    return _result(tensor, _float_or_fp32(tensor.dtype))


@wrapper("tensor.recip")
@rule
def recip(call: OpCall) -> IRType | None:
    source, tensor = _input(call, "tensor.recip")
    recip_precision("tensor.recip", high_precision_call(call, "tensor.recip", source), tensor.dtype)
    return _result(tensor, _float_or_fp32(tensor.dtype))


@wrapper("tensor.log")
@rule
def log(call: OpCall) -> IRType | None:
    source, tensor = _input(call, "tensor.log")
    high_precision_call(call, "tensor.log", source)
    dtype_among(
        tensor.dtype, ("FP16", "FP32"), "tensor.log requires an FP16 or FP32 tensor operand, but got "
    )
    return _result(tensor, tensor.dtype)


@wrapper("tensor.sin", "tensor.cos")
@rule
def fp32_only(call: OpCall) -> IRType | None:
    op = f"tensor.{call.name}"
    source, tensor = _input(call, op)
    fp32_only_check(op, tensor.dtype, "x")
    build(call, op, [source])
    return _result(tensor, tensor.dtype)


@wrapper("tensor.not_")
@rule
def not_(call: OpCall) -> IRType | None:
    source, tensor = _input(call, "tensor.not")
    dtype_among(
        tensor.dtype,
        ("INT16", "UINT16"),
        "tensor.not requires an int16 or uint16 tensor dtype, but got ",
        ". Reinterpret or cast the tensor to a 16-bit integer dtype first.",
    )
    build(call, "tensor.not", [source])
    return _result(tensor, tensor.dtype)


@wrapper("tensor.cast")
@rule
def cast(call: OpCall) -> IRType | None:
    """`tensor.cast(input, target_type, mode)`: `input.unwrap()`, the mode resolved, then
    the deduction (which refuses a cast to the input's own dtype)."""
    source = unwrap(call, call.param(0))
    mode = resolve_cast_mode(call, call.param(2))
    known(source)
    assert source is not None
    tensor = expect_tensor_like(
        source.type,
        "tensor.cast requires first argument to be a TensorType or DistributedTensorType, but got ",
    )
    target = cast_target(call, "tensor.cast")
    same_dtype_cast("tensor.cast", tensor.dtype, target)
    if target is not None and mode is not None:
        build(call, "tensor.cast", [source], {"target_type": DType(target), "mode": mode})
    return _result(tensor, target)
