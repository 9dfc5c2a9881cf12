"""Unary tensor ops (`pl.tensor.exp`, `pl.tensor.not_`, ...) and `pl.tensor.cast`: the
wrappers of python/pypto/language/op/tensor_ops.py, their IR builders and the deductions
of src/ir/op/tensor_ops/unary.cpp."""

from __future__ import annotations

from compiler.ir import IRType, TensorType
from compiler.ops.call import OpCall
from compiler.ops.checks import check, expect_tensor_like, known, rule
from compiler.ops.operands import flag, unwrap
from compiler.ops.registry import wrapper
from compiler.ops.tile_unary import resolve_cast_mode
from compiler.ops.type_inference import dtype_text, is_float_dtype


def _input(call: OpCall, op: str) -> TensorType:
    source = unwrap(call, call.param(0))
    known(source)
    assert source is not None
    return expect_tensor_like(
        source.type, f"{op} requires first argument to be a TensorType or DistributedTensorType, but got "
    )


def _float_or_fp32(dtype: str | None) -> str | None:
    """exp, sqrt, rsqrt, recip of an integer tensor are FP32."""
    if dtype is None:
        return None
    return dtype if is_float_dtype(dtype) else "FP32"


@wrapper("tensor.neg", "tensor.abs")
@rule
def same_dtype(call: OpCall) -> IRType | None:
    tensor = _input(call, f"tensor.{call.name}")
    return TensorType(tensor.shape, tensor.dtype)


@wrapper("tensor.exp", "tensor.sqrt", "tensor.rsqrt")
@rule
def to_float(call: OpCall) -> IRType | None:
    tensor = _input(call, f"tensor.{call.name}")
    return TensorType(tensor.shape, _float_or_fp32(tensor.dtype))


@wrapper("tensor.recip")
@rule
def recip(call: OpCall) -> IRType | None:
    tensor = _input(call, "tensor.recip")
    if tensor.dtype is not None:
        check(
            not flag(call, "high_precision") or tensor.dtype in ("FP16", "FP32"),
            "The operator tensor.recip supports high_precision only for FP16 or FP32 because the PTOAS "
            "high-precision template does not implement other dtypes",
        )
    return TensorType(tensor.shape, _float_or_fp32(tensor.dtype))


@wrapper("tensor.log")
@rule
def log(call: OpCall) -> IRType | None:
    tensor = _input(call, "tensor.log")
    if tensor.dtype is not None:
        check(
            tensor.dtype in ("FP16", "FP32"),
            f"tensor.log requires an FP16 or FP32 tensor operand, but got {dtype_text(tensor.dtype)}",
        )
    return TensorType(tensor.shape, tensor.dtype)


@wrapper("tensor.sin", "tensor.cos")
@rule
def fp32_only(call: OpCall) -> IRType | None:
    op = f"tensor.{call.name}"
    tensor = _input(call, op)
    if tensor.dtype is not None:
        check(
            tensor.dtype == "FP32",
            f"{op} is FP32-only, but got input with dtype {dtype_text(tensor.dtype)}. Cast the input to FP32 "
            f"explicitly via pl.cast(x, pl.FP32) before applying {op}.",
        )
    return TensorType(tensor.shape, tensor.dtype)


@wrapper("tensor.not_")
@rule
def not_(call: OpCall) -> IRType | None:
    tensor = _input(call, "tensor.not")
    if tensor.dtype is not None:
        check(
            tensor.dtype in ("INT16", "UINT16"),
            f"tensor.not requires an int16 or uint16 tensor dtype, but got {dtype_text(tensor.dtype)}. "
            "Reinterpret or cast the tensor to a 16-bit integer dtype first.",
        )
    return TensorType(tensor.shape, tensor.dtype)


@wrapper("tensor.cast")
@rule
def cast(call: OpCall) -> IRType | None:
    """`tensor.cast(input, target_type, mode)`: `input.unwrap()`, the mode resolved, then
    the deduction (which refuses a cast to the input's own dtype)."""
    source = unwrap(call, call.param(0))
    resolve_cast_mode(call, call.param(2))
    known(source)
    assert source is not None
    tensor = expect_tensor_like(
        source.type,
        "tensor.cast requires first argument to be a TensorType or DistributedTensorType, but got ",
    )
    target = call.dtype(call.param(1) or "target_type")
    if target is not None and tensor.dtype is not None:
        check(
            tensor.dtype != target,
            f"tensor.cast: target_type {dtype_text(target)} equals input dtype; same-dtype cast is not a valid "
            "operation. Remove the cast or use a different target_type.",
        )
    return TensorType(tensor.shape, target)
