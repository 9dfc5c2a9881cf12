"""Element-wise unary ops of both levels (`pl.tile.exp`, `pl.tensor.abs`, ...) and `cast`:
src/ir/op/{tile,tensor}_ops/unary.cpp."""

from __future__ import annotations

from compiler.ir import IRType, TensorType, TileType
from compiler.ops.call import OpCall
from compiler.ops.registry import wrapper

_UNARY = ("exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "rsqrt", "relu", "not_")


@wrapper(*(f"tile.{name}" for name in _UNARY))
def tile_unary(call: OpCall) -> IRType | None:
    source = call.type_of(call.param(0))
    return TileType(source.shape, source.dtype) if isinstance(source, TileType) else None


@wrapper(*(f"tensor.{name}" for name in _UNARY))
def tensor_unary(call: OpCall) -> IRType | None:
    source = call.type_of(call.param(0))
    return TensorType(source.shape, source.dtype) if isinstance(source, TensorType) else None


@wrapper("tile.cast", "tensor.cast")
def cast(call: OpCall) -> IRType | None:
    source = call.type_of(call.param(0))
    target = call.dtype("target_type")
    if isinstance(source, (TensorType, TileType)):
        return type(source)(source.shape, target)
    return None
