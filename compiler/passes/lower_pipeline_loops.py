"""LowerPipelineLoops (pass 28): how many copies of a statement it leaves (`calls_with_copies`,
nothing rewritten), and the replication itself for the memory planner (`lower_pipeline_loops`).

`pl.pipeline(start, stop, step, stage=F)` with F > 1 is replicated: a main loop whose body is
F clones of the original body, then, when the trip count T is not a multiple of F, T % F
more clones flattened after it. Every clone keeps the original ops' source locations, so a
statement in such a loop occurs F + T % F times in the compiled kernel (nested pipelines
multiply).

Its one check a kernel can reach (`step_zero_errors`): a `pl.pipeline` loop of depth F > 1
whose step is the constant 0, `LowerPipelineLoops: step cannot be zero` (`InternalError`, at
the loop: the real text's location). The pass lowers an inner loop before the one around it.

The replication (`lower_pipeline_loops`, on a kernel's copy): each clone binds fresh vars and
reads the loop variable as `i + k * step`; the loop-carried values thread from one clone to
the next. Each clone's tile definitions (but a matmul's accumulator in Acc, which the one cube
writes stage after stage) are tagged with their pipeline membership `(group, stage)`: one group
per replicated region (the main loop, the tail), numbered in the order the pass lowers them (an
inner loop before the loop around it). MemoryReuse keeps the stages of a group apart
(`compiler.codegen.tile_memory`). Dynamic bounds are not modelled (`ReplicationNotModelled`).

Modelled for the copy count: static bounds with at least F iterations (a dynamic bound gets a cascade of
remainder branches, a shorter loop a main loop of no iteration; neither is modelled). A
cross-core loop (in a mixed kernel, a body holding both cube and vector tiles) is not
replicated but software-pipelined by SkewCrossCorePipeline: not modelled either.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    Call,
    Const,
    Expr,
    ForStmt,
    Function,
    SeqStmts,
    Stmt,
    Var,
    YieldStmt,
)
from compiler.ir.nodes import ForKind
from compiler.ir.types import ScalarType, TileType
from compiler.ir.visit import child_stmts, own_calls, walk_stmts
from compiler.passes.lower_auto_vector_split import CUBE_SPACES
from compiler.passes.unroll import free_vars

# A tile's pipeline memberships: (group, stage) pairs, the innermost loop's first.
Membership = tuple[tuple[int, int], ...]
STAGES_ATTR = "pipeline_stages"


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
    stages = next((value for key, value in loop.attrs if key == STAGES_ATTR), None)
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


def lower_pipeline_loops(function: Function) -> dict[int, Membership]:
    """Replicate the pipeline loops of `function` (a copy: its body is rewritten in place) as
    the real pass does; the memberships of the tiles the clones define, by `id` of their var.
    Raises `ReplicationNotModelled`."""
    lowering = _Lowering()
    lowering.block(function.body)
    return lowering.memberships


class _Lowering:
    def __init__(self) -> None:
        self.next_group = 0
        self.memberships: dict[int, Membership] = {}

    def block(self, block: SeqStmts) -> None:
        lowered: list[Stmt] = []
        for stmt in block.stmts:
            for child in child_stmts(stmt):  # an inner loop before the loop around it
                if isinstance(child, SeqStmts):
                    self.block(child)
            if isinstance(stmt, ForStmt) and stmt.kind is ForKind.PIPELINE:
                lowered.extend(self.loop(stmt))
            else:
                lowered.append(stmt)
        block.stmts = lowered

    def loop(self, loop: ForStmt) -> list[Stmt]:
        """The main loop of F clones (still a pipeline loop, of depth 1: CanonicalizeIOOrder's
        scope), then the remainder's clones and the bindings of the loop's return vars."""
        stages = pipeline_stages(loop)
        if not isinstance(stages, int) or isinstance(stages, bool):
            raise ReplicationNotModelled("a pipeline depth that is not a constant")
        if stages <= 1:
            return [loop]
        start, stop, step = (
            _constant(expr, default) for expr, default in ((loop.start, 0), (loop.stop, None), (loop.step, 1))
        )
        if start is None or stop is None or step is None or step <= 0 or loop.loop_var is None:
            raise ReplicationNotModelled("a pipeline loop whose bounds are not static")
        if any(
            "tpush" in call.op or "tpop" in call.op
            for stmt in walk_stmts(loop.body)
            for call in own_calls(stmt)
        ):
            # SkewCrossCorePipeline software-pipelines it instead.
            raise ReplicationNotModelled("a pipeline loop of cross-core pushes and pops")
        trips = max(0, -(-(stop - start) // step))
        if trips == 0:  # demoted as it is
            loop.kind = ForKind.RANGE
            loop.attrs = [(key, value) for key, value in loop.attrs if key != STAGES_ATTR]
            return [loop]
        main_trips, rest = divmod(trips, stages)
        # (Our IR binds a loop's return vars at its closing yield.)
        closing = loop.body.stmts[-1] if loop.body.stmts else None
        returns = list(loop.return_vars or (closing.targets if isinstance(closing, YieldStmt) else []))
        main_returns = [_renamed(var, "_main") for var in returns] if rest else returns
        lowered: list[Stmt] = []
        if main_trips:
            index = copy.copy(loop.loop_var)
            carried = [copy.copy(var) for var in loop.iter_args]
            clones, yields = self.replicate(loop, stages, step, index, list(carried))
            closing = YieldStmt(loop.span, yields, targets=main_returns) if carried else None
            lowered.append(
                ForStmt(
                    loop.span,
                    kind=ForKind.PIPELINE,
                    loop_var=index,
                    start=loop.start,
                    stop=_index(loop.span, start + main_trips * stages * step),
                    step=_index(loop.span, stages * step),
                    body=SeqStmts(loop.span, [*clones, *([closing] if closing else [])]),
                    iter_args=carried,
                    init_values=list(loop.init_values),
                    return_vars=main_returns,
                    attrs=[
                        (key, _index(loop.span, 1) if key == STAGES_ATTR else value)
                        for key, value in loop.attrs
                    ],
                )
            )
        if rest:
            base = _index(loop.span, start + main_trips * stages * step)
            seeds: list[Expr] = list(main_returns) if main_trips else list(loop.init_values)
            clones, yields = self.replicate(loop, rest, step, base, seeds)
            lowered.extend(clones)
            lowered.extend(
                AssignStmt(loop.span, var, value) for var, value in zip(returns, yields, strict=True)
            )
        return lowered

    def replicate(
        self, loop: ForStmt, count: int, step: int, base: Expr, seeds: list[Expr]
    ) -> tuple[list[Stmt], list[Expr]]:
        """`count` clones of the body at `base + k * step`, the carried values threaded
        through them; the clones' statements (closing yields dropped) and the last one's
        yielded values. One pipeline group."""
        group = self.next_group
        self.next_group += 1
        shared = free_vars(loop.body)
        clones: list[Stmt] = []
        for stage in range(count):
            memo: dict[int, object] = {id(var): var for var in shared}
            assert loop.loop_var is not None
            memo[id(loop.loop_var)] = _offset(base, stage * step, loop.span)
            for carried, seed in zip(loop.iter_args, seeds, strict=True):
                memo[id(carried)] = seed
            body = copy.deepcopy(loop.body, memo)
            stmts = list(body.stmts)
            if stmts and isinstance(stmts[-1], YieldStmt):
                seeds = list(stmts.pop().values)
            self._copy_memberships(memo)
            for stmt in stmts:
                self._tag(stmt, group, stage)
            clones.extend(stmts)
        return clones, seeds

    def _copy_memberships(self, memo: dict[int, object]) -> None:
        """An inner loop's tiles, copied into a clone, keep their memberships."""
        for key, membership in list(self.memberships.items()):
            copied = memo.get(key)
            if isinstance(copied, Var):
                self.memberships[id(copied)] = membership

    def _tag(self, stmt: Stmt, group: int, stage: int) -> None:
        for inner in walk_stmts(stmt):
            if not (isinstance(inner, AssignStmt) and isinstance(inner.value, Call)):
                continue
            tile = inner.var.type
            if not isinstance(tile, TileType):
                continue
            if inner.value.op.startswith("tile.matmul") and tile.memory == "Acc":
                continue  # the cube's accumulator: written stage after stage, one buffer
            key = id(inner.var)
            self.memberships[key] = (*self.memberships.get(key, ()), (group, stage))


def _renamed(var: Var, suffix: str) -> Var:
    """A fresh var named after `var` (the real `MakeFreshVar`: its name hint and `suffix`)."""
    fresh = copy.copy(var)
    fresh.name = var.name + suffix
    if var.hint is not None:
        fresh.hint = var.hint + suffix
    return fresh


def _index(span: Span, value: int) -> Const:
    return Const(span, value, type=ScalarType("INDEX"))


def _offset(base: Expr, offset: int, span: Span) -> Expr:
    if offset == 0:
        return base
    if isinstance(base, Const) and isinstance(base.value, int):
        return _index(span, base.value + offset)
    return BinaryExpr(span, "add", base, _index(span, offset), type=ScalarType("INDEX"))
