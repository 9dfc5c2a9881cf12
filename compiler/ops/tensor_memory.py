"""`pl.tensor.create` (`pl.create_tensor`) and `pl.tensor.full`: the wrappers and the
deductions of src/ir/op/tensor_ops/memory.cpp."""

from __future__ import annotations

from compiler.ir import IRType, TensorType
from compiler.ops.call import OpCall
from compiler.ops.registry import wrapper


@wrapper("tensor.create", "tensor.full")
def create(call: OpCall) -> IRType:
    return TensorType(call.dims("shape"), call.dtype("dtype"))
