"""UnrollLoops: a `pl.unroll(...)` loop with literal bounds becomes its body, repeated.

Each copy binds fresh vars and reads the loop variable as a constant, so one
load in the loop becomes one load per iteration (the codegen warning still
counts a tensor once per kernel). A loop with iter-args, or bounds that are not
literals, is left as it is.
"""

from __future__ import annotations

import copy

from compiler.ir import Const, ForKind, ForStmt, Program, ScalarType, ScopeStmt, SeqStmts, Stmt, Var
from compiler.ir.visit import bound_vars, child_stmts, own_exprs, vars_in_evaluation_order, walk_stmts

_MAX_COPIES = 4096  # a hostile bound must not blow the IR up


def unroll_loops(program: Program) -> Program:
    for function in program.functions:
        _unroll_block(function.body)
    return program


def _unroll_block(block: SeqStmts) -> None:
    out: list[Stmt] = []
    for stmt in block.stmts:
        for child in child_stmts(stmt):
            if isinstance(child, SeqStmts):
                _unroll_block(child)
        values = _iterations(stmt)
        if values is None:
            out.append(stmt)
            continue
        assert isinstance(stmt, ForStmt) and stmt.loop_var is not None
        outer = _free_vars(stmt.body)
        for value in values:
            memo: dict[int, object] = {id(var): var for var in outer}
            memo[id(stmt.loop_var)] = Const(stmt.span, value, type=ScalarType("INDEX"))
            out.extend(copy.deepcopy(stmt.body, memo).stmts)
    block.stmts = out


def _iterations(stmt: Stmt) -> range | None:
    if not (isinstance(stmt, ForStmt) and stmt.kind is ForKind.UNROLL and stmt.loop_var is not None):
        return None
    if stmt.iter_args:
        return None
    bounds = [stmt.start, stmt.stop, stmt.step]
    values = [
        b.value if isinstance(b, Const) else (None if b is not None else d)
        for b, d in zip(bounds, (0, None, 1))
    ]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values) or values[2] == 0:
        return None
    iterations = range(values[0], values[1], values[2])  # type: ignore[arg-type]
    return iterations if len(iterations) <= _MAX_COPIES else None


def _free_vars(body: SeqStmts) -> list[Var]:
    """Vars the body reads (or names in scope attrs) but does not bind: shared by every copy."""
    bound = {id(var) for stmt in walk_stmts(body) for var in bound_vars(stmt)}
    found: dict[int, Var] = {}
    for stmt in walk_stmts(body):
        for expr in own_exprs(stmt):
            for var in vars_in_evaluation_order(expr):
                if id(var) not in bound:
                    found.setdefault(id(var), var)
        if isinstance(stmt, ScopeStmt):
            for var, _ in stmt.attr("cache_policy_vars") or []:
                if id(var) not in bound:
                    found.setdefault(id(var), var)
    return list(found.values())
