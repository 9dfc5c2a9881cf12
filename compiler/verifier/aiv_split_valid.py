"""AivSplitValid check (e): vector work outside every `pl.split_aiv` region of a function
that opens one (src/ir/verifier/verify_aiv_split.cpp).

Once a function holds a region, the regions decide where vector work runs; a vector op
outside all of them has no lane. The verifier runs after OutlineIncoreScopes (the tile
ops the author wrote) and again after ConvertTensorToTileOps (the tile ops the tensor ops
became), and reports, at the op:

    vector op 'tile.exp' sits outside every pl.split_aiv region, but this function already
    opens one, so ... or move the op into an existing region.

An op is vector work when the real classification says VECTOR: its result tile sits in Vec
(or, with no tile result, its first tile operand does). `tile.load` / `tile.store` (the
conversion's own hoisted moves) and the ops that state their lane (`tile.create`,
`tile.alloc`, the block queries, the cross-core pipes, `tile.move` / the boundary ops, whose
lane depends on both sides) are not judged. An op whose tiles' memory is not known is
passed over.
"""

from __future__ import annotations

from collections.abc import Iterable

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import Call, Function, TileType
from compiler.ir.nodes import SplitAivScopeStmt, Stmt
from compiler.ir.visit import child_stmts, own_calls, walk_stmts

_NOT_JUDGED = frozenset(
    {
        "tile.load",
        "tile.store",
        "tile.create",
        "tile.alloc",
        "tile.move",
        "tile.aiv_shard",
        "tile.aic_gather",
        "tile.get_block_idx",
        "tile.get_block_num",
        "tile.get_subblock_idx",
        "tile.tpop_from_aic",
        "tile.tpop_from_aiv",
        "tile.tpush_to_aic",
        "tile.tpush_to_aiv",
    }
)
# `IsCubeMemorySpace` of core_affinity.cpp: every space but DDR and Vec.
_VECTOR_SPACES = frozenset({"DDR", "Vec"})


def vector_ops_outside_regions(functions: Iterable[Function], stage: Stage) -> list[Diagnostic]:
    """The verifier's report after `stage`: every vector op outside the regions of each
    function that opens one."""
    found = []
    for function in functions:
        if not any(isinstance(stmt, SplitAivScopeStmt) for stmt in walk_stmts(function.body)):
            continue
        found.extend(_outside(function.body, stage))
    return found


def message(op: str) -> str:
    return (
        f"vector op '{op}' sits outside every pl.split_aiv region, but this function already opens one, "
        "so the regions are authoritative for where vector work runs and this op has no lane to run on. "
        "Wrap this phase in its own region — 'for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):' runs "
        "the full body on both AIV lanes and is the task-parallel form for full-width compute — or move "
        "the op into an existing region."
    )


def _outside(root: Stmt, stage: Stage) -> list[Diagnostic]:
    found = []
    pending = [root]
    while pending:
        stmt = pending.pop()
        if isinstance(stmt, SplitAivScopeStmt):
            continue  # inside a region: its own rules
        found.extend(
            Diagnostic(
                codes.AIV_SPLIT_VECTOR_OUTSIDE,
                message(call.op),
                call.span,
                stage=stage,
                exception="VerificationError",
                data={"rule": "AivSplitValid"},
            )
            for call in own_calls(stmt)
            if _is_vector_work(call)
        )
        pending.extend(reversed(child_stmts(stmt)))
    return found


def _is_vector_work(call: Call) -> bool:
    if not call.op.startswith("tile.") or call.op in _NOT_JUDGED:
        return False
    result = call.type
    if isinstance(result, TileType):
        return result.memory in _VECTOR_SPACES
    first = next((arg.type for arg in call.args if isinstance(arg.type, TileType)), None)
    return first is not None and first.memory in _VECTOR_SPACES
