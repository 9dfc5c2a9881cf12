"""Row and column reductions of tiles (`pl.tile.row_sum`, `pl.tile.col_max`, ...):
src/ir/op/tile_ops/reduction.cpp."""

from __future__ import annotations

from compiler.ir import IRType, TileType
from compiler.ops.call import OpCall
from compiler.ops.registry import wrapper

_ROW = ("row_sum", "row_max", "row_min", "row_prod")
_COL = ("col_sum", "col_max", "col_min", "col_prod")


@wrapper(*(f"tile.{name}" for name in _ROW + _COL))
def tile_reduction(call: OpCall) -> IRType | None:
    source = call.tile(call.param(0))
    if source is None or source.shape is None or not source.shape:
        return None
    shape = (*source.shape[:-1], 1) if call.name in _ROW else (1, *source.shape[1:])
    return TileType(shape, source.dtype)
