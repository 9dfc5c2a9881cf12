"""UnrollLoops: a `pl.unroll(...)` loop with literal bounds becomes its body, repeated.

Each copy binds fresh vars and reads the loop variable as a constant, so one
load in the loop becomes one load per iteration (the codegen warning still
counts a tensor once per kernel). A loop with iter-args, or bounds that are not
literals, is left as it is.
"""

from __future__ import annotations

import copy

from compiler.ir import Const, Expr, ForKind, ForStmt, Program, ScalarType, ScopeStmt, SeqStmts, Stmt, Var
from compiler.ir.substitute import substitute_uses
from compiler.ir.visit import bound_vars, child_stmts, own_exprs, vars_in_evaluation_order, walk_stmts

_MAX_COPIES = 4096  # a hostile bound must not blow the IR up


def unroll_loops(program: Program) -> Program:
    for function in program.functions:
        _unroll_block(function.body)
    return program


def _unroll_block(block: SeqStmts) -> dict[int, Expr]:
    """Unroll the loops of `block` (nested ones first). A var the body binds is read after
    the loop as the last copy's (the IR the real pass makes returns `dst__ssa_v4`, not the
    loop body's `dst`): the reads after it in `block` are renamed here; the renames
    returned are for the statements after `block` in the blocks around it."""
    out: list[Stmt] = []
    renames: dict[int, Expr] = {}
    for index, stmt in enumerate(block.stmts):
        for child in child_stmts(stmt):
            if isinstance(child, SeqStmts):
                inner = _unroll_block(child)
                _rename(block.stmts, index + 1, inner)
                renames.update(inner)
        values = _iterations(stmt)
        if values is None:
            out.append(stmt)
            continue
        assert isinstance(stmt, ForStmt) and stmt.loop_var is not None
        outer = _free_vars(stmt.body)
        bound = [var for inner_stmt in walk_stmts(stmt.body) for var in bound_vars(inner_stmt)]
        memo: dict[int, object] = {}
        for value in values:
            memo = {id(var): var for var in outer}
            memo[id(stmt.loop_var)] = Const(stmt.span, value, type=ScalarType("INDEX"))
            out.extend(copy.deepcopy(stmt.body, memo).stmts)
        last = {id(var): memo[id(var)] for var in bound if isinstance(memo.get(id(var)), Var)}
        _rename(block.stmts, index + 1, last)
        renames = {key: last.get(id(var), var) for key, var in renames.items()}
        renames.update(last)  # type: ignore[arg-type]
    block.stmts = out
    return renames


def _rename(stmts: list[Stmt], start: int, mapping: dict[int, Expr]) -> None:
    """Rename the uses in `stmts[start:]`; nothing sliced when there is nothing to rename (a
    slice per statement would make a long block's unrolling quadratic)."""
    if mapping:
        for stmt in stmts[start:]:
            substitute_uses(stmt, mapping)


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
