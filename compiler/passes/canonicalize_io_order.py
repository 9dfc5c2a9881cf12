"""CanonicalizeIOOrder (pass 29) for the memory planner: inside a pipeline loop (the main
loop LowerPipelineLoops leaves, or a `pl.pipeline(stage=1)`), each sequence of statements is
put in the order the real pass gives it, then the loop becomes a sequential one.

The order is a topological sort of the sequence's def-use graph (a statement after every
statement that defines a var it reads, nested statements included), which among the
statements ready picks the least `(tier, stage, sub, position)`: tier 0 a scalar's
assignment, 1 a load (`tile.load`, `tile.read`, a Mat to Left / Right `tile.extract`), 2
anything else; within tier 2 the pipeline membership's text (`"0:1"`, compared as text: the
tile's own, else the first tagged tile among the call's direct operands, else none), then
compute (0) before stores (`tile.store`, `tile.write`: 1). A closing yield stays last. So
the clones' loads come first, and each stage's compute before its store.

Not modelled (the loop attrs that change it): `pipeline_overlap_stores=False` and the
double-buffered accumulator (`pipeline_double_buffer_c`); nothing in the corpus sets them.
"""

from __future__ import annotations

import heapq

from compiler.ir import (
    AssignStmt,
    Call,
    EvalStmt,
    ForStmt,
    Function,
    ReturnStmt,
    SeqStmts,
    Stmt,
    Var,
    YieldStmt,
)
from compiler.ir.nodes import ForKind
from compiler.ir.types import ScalarType, TileType
from compiler.ir.visit import bound_vars, child_stmts, own_exprs, vars_in_evaluation_order, walk_stmts
from compiler.passes.lower_pipeline_loops import STAGES_ATTR, Membership, ReplicationNotModelled

_LOADS = frozenset({"tile.load", "tile.read"})
_STORES = frozenset({"tile.store", "tile.write"})
_CHANGED_BY = ("pipeline_overlap_stores", "pipeline_double_buffer_c")


def canonicalize_io_order(function: Function, memberships: dict[int, Membership]) -> None:
    """Reorder the pipeline loops' sequences of `function` (a copy) in place and make the loops
    sequential; raises `ReplicationNotModelled` for a loop attr that changes the order."""
    _block(function.body, 0, memberships)


def _block(block: SeqStmts, depth: int, memberships: dict[int, Membership]) -> None:
    for stmt in block.stmts:
        pipeline = isinstance(stmt, ForStmt) and stmt.kind is ForKind.PIPELINE
        if pipeline:
            assert isinstance(stmt, ForStmt)
            if any(key in _CHANGED_BY for key, _ in stmt.attrs):
                raise ReplicationNotModelled(
                    "a pipeline loop ordering its stores or accumulators its own way"
                )
        for child in child_stmts(stmt):
            if isinstance(child, SeqStmts):
                _block(child, depth + pipeline, memberships)
        if pipeline:
            assert isinstance(stmt, ForStmt)
            stmt.kind = ForKind.RANGE
            stmt.attrs = [(key, value) for key, value in stmt.attrs if key != STAGES_ATTR]
    if depth:
        block.stmts = _reordered(block.stmts, memberships)


def _reordered(stmts: list[Stmt], memberships: dict[int, Membership]) -> list[Stmt]:
    closing = stmts[-1] if stmts and isinstance(stmts[-1], (YieldStmt, ReturnStmt)) else None
    body = stmts[:-1] if closing is not None else list(stmts)
    if len(body) < 2:
        return stmts
    successors: list[list[int]] = [[] for _ in body]
    waiting = [0] * len(body)
    defined_at: dict[int, int] = {}
    for index, stmt in enumerate(body):
        nested = list(walk_stmts(stmt))
        before = {
            defined_at[id(var)]
            for inner in nested
            for expr in own_exprs(inner)
            for var in vars_in_evaluation_order(expr)
            if id(var) in defined_at
        }
        for earlier in before - {index}:
            successors[earlier].append(index)
            waiting[index] += 1
        for inner in nested:
            for var in bound_vars(inner):
                defined_at[id(var)] = index
    tagged = {
        id(stmt.var): _text(memberships[id(stmt.var)])
        for stmt in body
        if isinstance(stmt, AssignStmt) and isinstance(stmt.value, Call) and id(stmt.var) in memberships
    }
    keys = [_key(stmt, index, tagged) for index, stmt in enumerate(body)]
    ready = [keys[index] for index in range(len(body)) if not waiting[index]]
    heapq.heapify(ready)
    ordered: list[Stmt] = []
    while ready:
        index = heapq.heappop(ready)[-1]
        ordered.append(body[index])
        for later in successors[index]:
            waiting[later] -= 1
            if not waiting[later]:
                heapq.heappush(ready, keys[later])
    if len(ordered) != len(body):
        raise ReplicationNotModelled("a pipeline body whose statements depend on each other in a cycle")
    return [*ordered, *([closing] if closing is not None else [])]


def _key(stmt: Stmt, index: int, tagged: dict[int, str]) -> tuple[int, str, int, int]:
    call = stmt.value if isinstance(stmt, AssignStmt) else stmt.expr if isinstance(stmt, EvalStmt) else None
    op = call.op if isinstance(call, Call) else ""
    if isinstance(stmt, AssignStmt):
        if op in _LOADS or _l1_to_l0_extract(call):
            return (1, "", 0, index)
        if op not in _STORES and isinstance(stmt.var.type, ScalarType):
            return (0, "", 0, index)
    sub = 1 if op in _STORES and isinstance(stmt, (AssignStmt, EvalStmt)) else 0
    stage = ""
    if isinstance(stmt, AssignStmt) and id(stmt.var) in tagged:
        stage = tagged[id(stmt.var)]
    elif isinstance(call, Call):
        stage = next((tagged[id(arg)] for arg in call.args if isinstance(arg, Var) and id(arg) in tagged), "")
    return (2, stage, sub, index)


def _l1_to_l0_extract(call: object) -> bool:
    if not (isinstance(call, Call) and call.op == "tile.extract" and call.args):
        return False
    source = call.args[0].type
    target = call.kwargs.get("target_memory")
    name = getattr(target, "name", target)
    return isinstance(source, TileType) and source.memory == "Mat" and str(name) in ("Left", "Right")


def _text(membership: Membership) -> str:
    return ";".join(f"{group}:{stage}" for group, stage in membership)
