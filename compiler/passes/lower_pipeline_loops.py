"""How many copies of a statement LowerPipelineLoops leaves, as far as it is modelled (the pass
itself is not run: nothing here rewrites IR).

`pl.pipeline(start, stop, step, stage=F)` with F > 1 is replicated: a main loop whose body is
F clones of the original body, then, when the trip count T is not a multiple of F, T % F
more clones flattened after it. Every clone keeps the original ops' source locations, so a
statement in such a loop occurs F + T % F times in the compiled kernel (nested pipelines
multiply).

Its one check a kernel can reach (`step_zero_errors`): a `pl.pipeline` loop of depth F > 1
whose step is the constant 0, `LowerPipelineLoops: step cannot be zero` (`InternalError`, at
the loop: the real text's location). The pass lowers an inner loop before the one around it.

Modelled: static bounds with at least F iterations (a dynamic bound gets a cascade of
remainder branches, a shorter loop a main loop of no iteration; neither is modelled). A
cross-core loop (in a mixed kernel, a body holding both cube and vector tiles) is not
replicated but software-pipelined by SkewCrossCorePipeline: not modelled either.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import Call, Const, ForStmt, Function, Stmt
from compiler.ir.nodes import ForKind
from compiler.ir.types import TileType
from compiler.ir.visit import child_stmts, own_calls, walk_stmts
from compiler.passes.lower_auto_vector_split import CUBE_SPACES


class ReplicationNotModelled(Exception):
    """A pipeline loop whose replication is not modelled."""


def calls_with_copies(body: Stmt, mixed: bool) -> Iterator[tuple[Call, int]]:
    """Each call of `body` (in `own_calls` order, statement by statement) with the number of
    copies of it the replication leaves; raises `ReplicationNotModelled`. `mixed`: the kernel
    is a mixed one (its cross-core loops are not replicated)."""
    pending: list[tuple[Stmt, int]] = [(body, 1)]
    while pending:
        stmt, copies = pending.pop()
        for call in own_calls(stmt):
            yield call, copies
        inner = copies * (_replicas(stmt, mixed) if isinstance(stmt, ForStmt) else 1)
        pending.extend((child, inner) for child in reversed(child_stmts(stmt)))


STEP_ZERO_MESSAGE = "LowerPipelineLoops: step cannot be zero"


def step_zero_errors(kernels: list[Function]) -> list[Diagnostic]:
    """The pass's error at the first pipeline loop (of depth over 1) stepping by 0, the
    functions in the order given, an inner loop before its outer one; or none."""
    for kernel in kernels:
        loop = _first_step_zero(kernel.body)
        if loop is not None:
            return [
                Diagnostic(
                    codes.PIPELINE_STEP_ZERO,
                    STEP_ZERO_MESSAGE,
                    loop.span,
                    stage=Stage.LOWER_PIPELINE_LOOPS,
                    exception="InternalError",
                )
            ]
    return []


def _first_step_zero(stmt: Stmt) -> ForStmt | None:
    """Post-order: the loops inside a statement before the statement itself."""
    for child in child_stmts(stmt):
        found = _first_step_zero(child)
        if found is not None:
            return found
    if isinstance(stmt, ForStmt) and stmt.kind is ForKind.PIPELINE:
        stages = pipeline_stages(stmt)
        if (
            isinstance(stages, int)
            and not isinstance(stages, bool)
            and stages > 1
            and _constant(stmt.step, 1) == 0
        ):
            return stmt
    return None


def pipeline_stages(loop: ForStmt) -> object:
    """The loop's depth (the real IR always holds it on a pipeline loop; None: not folded here)."""
    stages = next((value for key, value in loop.attrs if key == "pipeline_stages"), None)
    return stages.value if isinstance(stages, Const) else stages


def _replicas(loop: ForStmt, mixed: bool) -> int:
    if loop.kind is not ForKind.PIPELINE:
        return 1
    stages = pipeline_stages(loop)
    if not isinstance(stages, int) or isinstance(stages, bool):
        raise ReplicationNotModelled("a pipeline depth that is not a constant")
    if stages <= 1:
        return 1
    if mixed and _cross_core(loop):
        raise ReplicationNotModelled("a cross-core pipeline loop")
    bounds = [
        _constant(expr, default) for expr, default in ((loop.start, 0), (loop.stop, None), (loop.step, 1))
    ]
    start, stop, step = bounds
    if start is None or stop is None or step is None or step <= 0:
        raise ReplicationNotModelled("a pipeline loop whose bounds are not static")
    trips = max(0, -(-(stop - start) // step))
    if trips < stages:
        raise ReplicationNotModelled("a pipeline loop of fewer iterations than its depth")
    return stages + trips % stages


def _constant(expr: object, default: int | None) -> int | None:
    if expr is None:
        return default
    if isinstance(expr, Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    return None


def _cross_core(loop: ForStmt) -> bool:
    """Whether the loop's body touches tiles of both sides: those its ops make, and those they
    read but the values the loop carries (an accumulator's initial tile may sit in another
    space than the one the body gives it)."""
    carried = {id(var) for var in loop.iter_args}
    sides = set()
    for stmt in walk_stmts(loop.body):
        for call in own_calls(stmt):
            for expr in (call, *call.args):
                tile = expr.type
                if id(expr) in carried or not isinstance(tile, TileType) or tile.memory is None:
                    continue
                sides.add(tile.memory in CUBE_SPACES)
    return len(sides) > 1
