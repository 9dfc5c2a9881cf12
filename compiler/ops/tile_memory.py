"""`pl.tile.load`, `pl.tile.store`, `pl.tile.create`, `pl.tile.full`: the wrappers, their
IR builders and the deductions of src/ir/op/tile_ops/memory.cpp."""

from __future__ import annotations

import ast

from compiler.ir import IRType, TensorType, TileType
from compiler.ops.call import OpCall, OpError, is_wrapped
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import ir_type_name


@wrapper("tile.load")
def load(call: OpCall) -> IRType:
    # ir/op/tile_ops.py checks the ranks before the C++ deduction sees the call.
    offsets, shapes = call.list_length("offsets"), call.list_length("shapes")
    if offsets is not None and shapes is not None:
        if offsets != shapes:
            raise OpError(
                "offsets and shapes must have same number of dimensions, "
                f"got {offsets} offsets and {shapes} shapes"
            )
        if offsets == 0:
            raise OpError("offsets and shapes must have at least one dimension")
    valid = call.list_length("valid_shape")
    if valid is not None and shapes is not None and valid != shapes:
        raise OpError(
            "valid_shape and shapes must have same number of dimensions, "
            f"got {valid} valid_shape dimensions and {shapes} shapes"
        )
    source = call.type_of("tensor")
    got = ir_type_name(source)
    if got is not None and not isinstance(source, TensorType) and is_wrapped(call.expr("tensor")):
        raise OpError(
            "The operator tile.load requires first argument to be a TensorType or "
            f"DistributedTensorType, but got {got}"
        )
    dtype = source.dtype if isinstance(source, TensorType) else None
    return TileType(call.dims("shapes"), dtype, call.memory("target_memory", "Vec"))


@wrapper("tile.store")
def store(call: OpCall) -> IRType:
    tile = call.type_of("tile")
    got = ir_type_name(tile)
    if got is not None and not isinstance(tile, TileType) and is_wrapped(call.expr("tile")):
        raise OpError(f"The operator tile.store requires first argument to be a TileType, but got {got}")
    output = call.type_of("output_tensor")
    offsets_ok = isinstance(call.nodes.get("offsets"), (ast.List, ast.Tuple))
    got = ir_type_name(output)
    if (
        isinstance(tile, TileType)
        and offsets_ok
        and got is not None
        and not isinstance(output, TensorType)
        and is_wrapped(call.expr("output_tensor"))
    ):
        raise OpError(
            "The operator tile.store requires third argument to be a TensorType or "
            f"DistributedTensorType, but got {got}"
        )
    return output if isinstance(output, TensorType) else TensorType(None, None)


@wrapper("tile.create")
def create(call: OpCall) -> IRType:
    # The wrapper always passes target_memory (default Vec), which the type carries.
    return TileType(call.dims("shape"), call.dtype("dtype"), call.memory("target_memory", "Vec"))


@wrapper("tile.full")
def full(call: OpCall) -> IRType:
    return TileType(call.dims("shape"), call.dtype("dtype"))
