"""What LowerAutoVectorSplit and ExpandMixedKernel make of a mixed kernel's vector tiles,
as far as it is modelled (the passes themselves are not run: nothing here rewrites IR).

A mixed kernel (cube and vector tiles in one InCore function) is cut in two by
ExpandMixedKernel: its cube ops go to an AIC function, its vector ops to an AIV one that runs
on the cluster's two vector lanes. Without a split mode both lanes run the whole vector body
and every vector tile keeps its shape. With one (`split` UP_DOWN / LEFT_RIGHT), the pass
before it, LowerAutoVectorSplit, halves each vector tile on the split axis (rows for
UP_DOWN, columns for LEFT_RIGHT): each lane holds and moves its half, a Vec `tile.load` of
[32, 32] becomes [16, 32] under UP_DOWN; the cube side keeps its full tiles.

Modelled: the plain case, every tile of the kernel wholly valid (a partly valid tile at a
cube-to-vector boundary makes the real pass rebalance the lanes, `ResolveLaneStride`) and
each vector tile 2-D with a static even extent on the axis. An odd, dynamic or singleton
extent (a ceil-half box with a per-lane valid view, or a tile left whole), a split kernel that
is not mixed, or an unknown split mode is not modelled (`NOT_MODELLED`).
"""

from __future__ import annotations

from collections.abc import Iterable

from compiler.ir import Call, Function
from compiler.ir.types import TileType, TileView

CUBE_SPACES = frozenset({"Mat", "Left", "Right", "Acc", "Bias"})
# The axis a split mode halves a vector tile on (`SplitMode` member -> axis).
SPLIT_AXES = {"UP_DOWN": 0, "LEFT_RIGHT": 1}
NOT_MODELLED = -1


def is_mixed(calls: Iterable[Call], retyped: dict[int, str] | None = None) -> bool:
    """Whether the calls' tiles are both cube (Mat/Left/Right/Acc/Bias) and vector (Vec);
    `retyped`: the spaces InferTileMemorySpace gives some of them (`infer_tile_memory_space`)."""
    retyped = retyped or {}
    spaces = {retyped.get(id(call), call.type.memory) for call in calls if isinstance(call.type, TileType)}
    return bool(spaces & CUBE_SPACES) and "Vec" in spaces


def split_mode(function: Function) -> str | None:
    """The function's `split` attr (a `SplitMode` member name; "?" when not a member)."""
    value = next((value for key, value in function.attrs if key == "split"), None)
    return None if value is None else getattr(value, "member", "?")


def lane_axis(function: Function, calls: list[Call], retyped: dict[int, str] | None = None) -> int | None:
    """The axis on which each AIV lane gets half of the kernel's vector tiles; None when the
    lanes keep them whole (no split mode); `NOT_MODELLED` when what the passes do is not
    modelled here (see the module docstring; `halved` judges each tile)."""
    mode = split_mode(function)
    if mode is None:
        return None
    if mode not in SPLIT_AXES or not is_mixed(calls, retyped):
        return NOT_MODELLED
    if any(isinstance(call.type, TileType) and not _wholly_valid(call.type) for call in calls):
        return NOT_MODELLED
    return SPLIT_AXES[mode]


def _wholly_valid(tile: TileType) -> bool:
    if tile.view is None:
        return True
    if not isinstance(tile.view, TileView):
        return False
    return not tile.view.valid_shape or tuple(tile.view.valid_shape) == tuple(tile.shape or ())


def halved(tile: TileType, axis: int) -> TileType | None:
    """The vector tile one lane holds: `tile` with its extent on `axis` halved, wholly valid
    (None: not a 2-D tile with a static even extent there, whose lanes are not modelled)."""
    shape = tuple(tile.shape or ())
    if len(shape) != 2:
        return None
    extent = shape[axis]
    if not isinstance(extent, int) or isinstance(extent, bool) or extent < 2 or extent % 2:
        return None
    return TileType((*shape[:axis], extent // 2, *shape[axis + 1 :]), tile.dtype, tile.memory, None)
