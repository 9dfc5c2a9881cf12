"""Simplify's last step: dead scalar assignments and dead `if` results removed.

A scalar assignment is removable when its value holds no call (a call may have
effects) and it is not a submit's task id; it is dead when nothing live reads its
var. Live are the vars read by every statement that is not removable (and by loop
bounds, conditions, loop init values, a scope's dependency attrs and core count,
and the types of loop and branch results), then, transitively, what a live
assignment's value and type read. An `if` result no statement reads is dropped
with its yield slot in both branches. The real pass runs: dead scalars, dead `if`
results (until none is left), dead scalars again.
"""

from __future__ import annotations

from collections.abc import Iterable

from compiler.ir import (
    AssignStmt,
    Call,
    EvalStmt,
    Expr,
    ForStmt,
    IfStmt,
    ReturnStmt,
    ScalarType,
    ScopeStmt,
    SeqStmts,
    SpmdScopeStmt,
    Stmt,
    TensorType,
    TileType,
    TupleGetItem,
    TupleType,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.types import IRType, TensorView, TileView
from compiler.ir.visit import child_stmts, own_exprs, vars_read, walk_expr, walk_stmts
from compiler.passes.scalar_nodes import kind_of


def eliminate_dead_scalars(stmts: list[Stmt], kept: set[int] = frozenset()) -> list[Stmt]:  # type: ignore[assignment]
    """The statements without their dead scalar assignments (but those of the vars `kept`)."""
    stmts = _dead_scalars(stmts, kept)
    if _drop_dead_if_results(stmts):
        stmts = _dead_scalars(stmts, kept)
    return stmts


def _removable(stmt: Stmt) -> bool:
    if not isinstance(stmt, AssignStmt) or not isinstance(stmt.var.type, ScalarType):
        return False
    value = stmt.value
    if isinstance(value, TupleGetItem) and _is_task_id(value):
        return False
    return not any(kind_of(node) == "call" and isinstance(node, Call) for node in walk_expr(value))


def _is_task_id(value: TupleGetItem) -> bool:
    tuple_type = value.tuple_expr.type
    if not isinstance(tuple_type, TupleType) or not tuple_type.items:
        return False
    last = tuple_type.items[-1]
    return (
        value.index == len(tuple_type.items) - 1 and isinstance(last, ScalarType) and last.dtype == "TASK_ID"
    )


def _ids(exprs: Iterable[Expr]) -> set[int]:
    return {id(var) for var in vars_read(list(exprs))}


def type_exprs(ir_type: IRType) -> list[Expr]:
    """The expressions a type holds: its shape's, its view's (valid shape, stride, offset)."""
    if isinstance(ir_type, (TensorType, TileType)):
        dims = list(ir_type.shape or ())
        if isinstance(ir_type.view, (TensorView, TileView)):
            dims += [*ir_type.view.valid_shape, *ir_type.view.stride]
            if isinstance(ir_type.view, TileView) and ir_type.view.start_offset is not None:
                dims.append(ir_type.view.start_offset)
        return [dim for dim in dims if isinstance(dim, Expr)]
    if isinstance(ir_type, TupleType):
        return [expr for item in ir_type.items for expr in type_exprs(item)]
    return []


def _type_vars(ir_type: IRType) -> set[int]:
    return _ids(type_exprs(ir_type))


def _scope_refs(scope: ScopeStmt) -> set[int]:
    refs: set[int] = set()
    for _, value in scope.attrs:
        values = value if isinstance(value, (list, tuple)) else [value]
        for item in values:
            if isinstance(item, Var):
                refs.add(id(item))
            elif isinstance(item, Expr):
                refs |= _ids([item])
    if isinstance(scope, SpmdScopeStmt) and scope.core_num is not None:
        refs |= _ids([scope.core_num])
    return refs


def _dead_scalars(stmts: list[Stmt], kept: set[int]) -> list[Stmt]:
    live: set[int] = set(kept)
    feeds: dict[int, set[int]] = {}  # an assigned var -> what its value and type read
    for root in stmts:
        for stmt in walk_stmts(root):
            if isinstance(stmt, AssignStmt):
                uses = _ids([stmt.value]) | _type_vars(stmt.var.type)
                feeds.setdefault(id(stmt.var), set()).update(uses)
                if not _removable(stmt):
                    live |= uses | {id(stmt.var)}
            elif isinstance(stmt, (EvalStmt, ReturnStmt, YieldStmt)):
                live |= _ids(own_exprs(stmt))
            elif isinstance(stmt, (ForStmt, WhileStmt, IfStmt)):
                live |= _ids(own_exprs(stmt))
                returned = results(stmt) if isinstance(stmt, (ForStmt, IfStmt)) else stmt.return_vars
                for var in [*getattr(stmt, "iter_args", []), *returned]:
                    live |= _type_vars(var.type)
            elif isinstance(stmt, ScopeStmt):
                live |= _scope_refs(stmt)
    pending = list(live)
    while pending:
        for ref in feeds.get(pending.pop(), ()):
            if ref not in live:
                live.add(ref)
                pending.append(ref)
    return _filter(stmts, live)


def _filter(stmts: list[Stmt], live: set[int]) -> list[Stmt]:
    out: list[Stmt] = []
    for stmt in stmts:
        if isinstance(stmt, AssignStmt) and _removable(stmt) and id(stmt.var) not in live:
            continue
        for child in child_stmts(stmt):
            if isinstance(child, SeqStmts):
                child.stmts = _filter(child.stmts, live)
        out.append(stmt)
    return out


def _drop_dead_if_results(stmts: list[Stmt]) -> bool:
    """Drop the `if` results nothing reads, until none is left; whether any was."""
    dropped_any = False
    while True:
        used = _ids(expr for root in stmts for stmt in walk_stmts(root) for expr in own_exprs(stmt))
        for root in stmts:
            for stmt in walk_stmts(root):
                if isinstance(stmt, ScopeStmt):
                    used |= _scope_refs(stmt)
        changed = False
        for root in stmts:
            for stmt in walk_stmts(root):
                returned = results(stmt) if isinstance(stmt, IfStmt) else []
                if returned:
                    keep = [i for i, var in enumerate(returned) if id(var) in used]
                    if len(keep) < len(returned):
                        _keep_results(stmt, keep)
                        changed = True
        if not changed:
            return dropped_any
        dropped_any = True


def _keep_results(stmt: IfStmt, keep: list[int]) -> None:
    if stmt.return_vars:
        stmt.return_vars = [stmt.return_vars[i] for i in keep]
    for branch in (stmt.then_body, stmt.else_body):
        if branch is None or not branch.stmts or not isinstance(branch.stmts[-1], YieldStmt):
            continue
        yielded = branch.stmts[-1]
        if not keep:
            branch.stmts.pop()
            continue
        yielded.values = [yielded.values[i] for i in keep]
        if yielded.targets:
            yielded.targets = [yielded.targets[i] for i in keep]


def results(stmt: ForStmt | IfStmt) -> list[Var]:
    """The vars a loop or an `if` defines: its return vars (the parser keeps those of a
    loop as its trailing yield's targets)."""
    if stmt.return_vars:
        return stmt.return_vars
    body = stmt.body if isinstance(stmt, ForStmt) else stmt.then_body
    yielded = trailing_yield(body.stmts)
    return list(yielded.targets) if yielded is not None else []


def trailing_yield(stmts: list[Stmt]) -> YieldStmt | None:
    if not stmts:
        return None
    last = stmts[-1]
    if isinstance(last, SeqStmts):
        return trailing_yield(last.stmts)
    return last if isinstance(last, YieldStmt) else None
