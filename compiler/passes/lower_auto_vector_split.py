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

Its one check modelled (`unhalved_boundary_errors`): a vector tile whose extent on the split
axis is 1 cannot be halved, so it stays whole; moved to the cube side (a matmul operand in
Vec), it has no per-lane halves for `tile.aic_gather` to reassemble: `LowerAutoVectorSplit:
the V->C boundary tile.move here carries a full-width vector operand 's__tile'. ...`
(`ValueError`, at the matmul: the real location). Judged only in a kernel with no
`tile.reshape` (which can move the split axis) and no `pl.split_aiv` region, for an operand
the kernel computes (a parameter is another case of the same error, not judged).
"""

from __future__ import annotations

from collections.abc import Iterable

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import AssignStmt, Call, Function, SplitAivScopeStmt, Var
from compiler.ir.types import TileType, TileView
from compiler.ir.visit import own_calls, walk_stmts

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


# The cube ops whose Vec operands cross to the cube side through a boundary `tile.move`.
_CUBE_CONSUMERS = frozenset({"tile.matmul", "tile.matmul_acc", "tile.matmul_bias", "tile.gemv"})


def unhalved_boundary_message(name: str) -> str:
    return (
        f"LowerAutoVectorSplit: the V->C boundary tile.move here carries a full-width vector operand '{name}'. "
        "tile.aic_gather reassembles the two AIV lanes' per-lane halves into the full tile the cube expects, "
        "so its operand must be a value the split halving produced (a tile.load / tile.slice / elementwise "
        "result inside the vector sub-region). An un-halved value has no half to gather \u2014 either derive "
        "the per-lane half first (load or slice the value inside the split function) and move that to the "
        "cube side, or, if the split axis is a singleton that cannot be halved, keep the value on the vector side."
    )


def unhalved_boundary_errors(kernels: list[Function]) -> list[Diagnostic]:
    """The pass's error at the first cube op of a split kernel reading a Vec tile the kernel
    made whose extent on the split axis is 1 (see the module docstring); or none."""
    for kernel in kernels:
        axis = SPLIT_AXES.get(split_mode(kernel) or "")
        if axis is None:
            continue
        stmts = list(walk_stmts(kernel.body))
        calls = [call for stmt in stmts for call in own_calls(stmt)]
        if not is_mixed(calls) or any(isinstance(stmt, SplitAivScopeStmt) for stmt in stmts):
            continue
        if any(call.op == "tile.reshape" for call in calls):
            continue
        made = {
            id(stmt.var) for stmt in stmts if isinstance(stmt, AssignStmt) and isinstance(stmt.value, Call)
        }
        for stmt in stmts:
            for call in own_calls(stmt):
                name = _unhalved_operand(call, axis, made) if call.op in _CUBE_CONSUMERS else None
                if name is not None:
                    # The boundary move is made at the statement holding the cube op.
                    return [
                        Diagnostic(
                            codes.AUTO_VECTOR_SPLIT_UNHALVED,
                            unhalved_boundary_message(name),
                            stmt.span,
                            stage=Stage.LOWER_AUTO_VECTOR_SPLIT,
                            exception="ValueError",
                        )
                    ]
    return []


def _unhalved_operand(call: Call, axis: int, made: set[int]) -> str | None:
    """The name of the cube op's first Vec operand the kernel made with extent 1 on `axis`."""
    for arg in call.args:
        tile = arg.type
        if not (isinstance(arg, Var) and id(arg) in made and isinstance(tile, TileType)):
            continue
        shape = tuple(tile.shape or ())
        if tile.memory == "Vec" and len(shape) == 2 and shape[axis] == 1:
            return arg.name
    return None
