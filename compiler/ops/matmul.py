"""`pl.tile.matmul` and `pl.tensor.matmul`: src/ir/op/{tile,tensor}_ops/matmul.cpp."""

from __future__ import annotations

from compiler.ir import IRType, TensorType, TileType
from compiler.ops.call import OpCall
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import is_float, promote


@wrapper("tile.matmul")
def tile_matmul(call: OpCall) -> IRType | None:
    lhs, rhs = call.tile("lhs"), call.tile("rhs")
    if lhs is None or rhs is None:
        return None
    shape = None
    if lhs.shape is not None and rhs.shape is not None and len(lhs.shape) == 2 and len(rhs.shape) == 2:
        shape = (lhs.shape[0], rhs.shape[1])
    dtype = None
    if lhs.dtype is not None and lhs.dtype == rhs.dtype:
        dtype = "FP32" if is_float(lhs.dtype) else "INT32"
    return TileType(shape, dtype, "Acc")


@wrapper("tensor.matmul")
def tensor_matmul(call: OpCall) -> IRType | None:
    lhs, rhs = call.tensor("lhs"), call.tensor("rhs")
    if lhs is None or rhs is None:
        return None
    shape = None
    transposed = not (call.is_false_or_absent("a_trans") and call.is_false_or_absent("b_trans"))
    if (
        not transposed
        and lhs.shape is not None
        and rhs.shape is not None
        and len(lhs.shape) == len(rhs.shape) == 2
    ):
        shape = (lhs.shape[0], rhs.shape[1])
    dtype = call.dtype("out_dtype") if call.has("out_dtype") else promote(lhs.dtype, rhs.dtype)
    return TensorType(shape, dtype)
