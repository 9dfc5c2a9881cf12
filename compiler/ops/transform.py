"""Views and copies of both levels: `tile.slice`, `tile.assemble`, `reshape`, `read`:
src/ir/op/{tile,tensor}_ops/transform.cpp and the element reads of memory.cpp."""

from __future__ import annotations

from compiler.ir import IRType, ScalarType, TensorType, TileType
from compiler.ops.call import OpCall
from compiler.ops.registry import wrapper


@wrapper("tile.slice")
def tile_slice(call: OpCall) -> IRType | None:
    source = call.type_of(call.param(0))
    if isinstance(source, TileType) and call.is_false_or_absent("drop_dims"):
        return TileType(call.dims("shape"), source.dtype)
    return None


@wrapper("tile.reshape", "tensor.reshape")
def reshape(call: OpCall) -> IRType | None:
    source = call.type_of(call.param(0))
    if isinstance(source, (TensorType, TileType)):
        return type(source)(call.dims("shape"), source.dtype)
    return None


@wrapper("tile.assemble")
def assemble(call: OpCall) -> IRType | None:
    target = call.type_of(call.param(0))
    return target if isinstance(target, TileType) else None


@wrapper("tensor.read")
def read(call: OpCall) -> IRType | None:
    source = call.type_of(call.param(0))
    return ScalarType(source.dtype) if isinstance(source, TensorType) else None
