"""UnrollLoops (pass 2): a `pl.unroll(...)` loop becomes its body, repeated, as the real
pass expands it (src/ir/transforms/unroll_loops_pass.cpp).

Each copy binds fresh vars and reads the loop variable as an INDEX constant (kept
source text, a comparison, says the constant too), so one load in the loop becomes
one load per iteration (the codegen warning still counts a tensor once per kernel).
The real pass refuses more than 1024 iterations (`unroll_limit_error`); a loop that
runs no time leaves nothing. Bounds that are not integer constants (the parser refuses
those it can tell; ours cannot fold every module constant) are not modelled.
"""

from __future__ import annotations

import copy

from compiler.ir import Const, Expr, ForKind, ForStmt, Program, ScalarType, ScopeStmt, SeqStmts, Stmt, Var
from compiler.ir.opaque import respell_reads
from compiler.ir.substitute import substitute_uses
from compiler.ir.visit import bound_vars, child_stmts, own_exprs, vars_in_evaluation_order, walk_stmts
from compiler.passes.not_modelled import PassNotModelled

PASS_NAME = "UnrollLoops"
MAX_ITERATIONS = 1024  # the real pass's kMaxUnrollIterations
LIMIT_MESSAGE = "Unroll loop trip count {count} exceeds maximum allowed ({limit}). Reduce the loop range or use pl.range() instead"


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
        outer = free_vars(stmt.body)
        loop_vars = [
            s.loop_var for s in walk_stmts(stmt.body) if isinstance(s, ForStmt) and s.loop_var is not None
        ]
        bound = [var for inner_stmt in walk_stmts(stmt.body) for var in bound_vars(inner_stmt)]
        memo: dict[int, object] = {}
        first = len(out)
        for value in values:
            memo = {id(var): var for var in outer}
            constant = Const(stmt.span, value, type=ScalarType("INDEX"))
            memo[id(stmt.loop_var)] = constant
            body = copy.deepcopy(stmt.body, memo)
            for inner in loop_vars:  # one Var in the real copies: one name when printed
                copied = memo[id(inner)]
                assert isinstance(copied, Var)
                copied.origin = inner.origin or inner
            respell_reads(body, stmt.loop_var.name, constant, value)
            out.extend(body.stmts)
        if stmt.comments and len(out) > first:
            _attach_comments(out[first], stmt.comments)
        last = {id(var): memo[id(var)] for var in bound if isinstance(memo.get(id(var)), Var)}
        _rename(block.stmts, index + 1, last)
        renames = {key: last.get(id(var), var) for key, var in renames.items()}
        renames.update(last)  # type: ignore[arg-type]
    block.stmts = out
    return renames


def _attach_comments(stmt: Stmt, comments: tuple[str, ...]) -> None:
    """The loop's comments go above the first statement of its first copy, as the real pass
    moves them (a sequence carries none: its first statement does)."""
    while isinstance(stmt, SeqStmts) and stmt.stmts:
        stmt = stmt.stmts[0]
    stmt.comments = (*comments, *stmt.comments)


def _rename(stmts: list[Stmt], start: int, mapping: dict[int, Expr]) -> None:
    """Rename the uses in `stmts[start:]`; nothing sliced when there is nothing to rename (a
    slice per statement would make a long block's unrolling quadratic)."""
    if mapping:
        for stmt in stmts[start:]:
            substitute_uses(stmt, mapping)


def _iterations(stmt: Stmt) -> range | None:
    """The loop variable's values of a `pl.unroll` loop (None: `stmt` is no such loop)."""
    if not (isinstance(stmt, ForStmt) and stmt.kind is ForKind.UNROLL and stmt.loop_var is not None):
        return None
    iterations = unroll_range(stmt)
    if iterations is None or stmt.iter_args:
        raise PassNotModelled(PASS_NAME, "a pl.unroll loop whose bounds are not integer constants", stmt.span)
    if len(iterations) > MAX_ITERATIONS:
        raise PassNotModelled(PASS_NAME, unroll_limit_error(iterations), stmt.span)
    return iterations


def unroll_range(stmt: ForStmt) -> range | None:
    """The values a `pl.unroll` loop's variable takes, when its bounds are integer constants."""
    bounds = [stmt.start, stmt.stop, stmt.step]
    values = [
        b.value if isinstance(b, Const) else (None if b is not None else d)
        for b, d in zip(bounds, (0, None, 1), strict=True)
    ]
    if not all(type(v) is int for v in values) or values[2] == 0:
        return None
    return range(values[0], values[1], values[2])  # type: ignore[arg-type]


def unroll_limit_error(iterations: range) -> str | None:
    """The real pass's error for a loop of more iterations than it unrolls, else None."""
    if len(iterations) <= MAX_ITERATIONS:
        return None
    return LIMIT_MESSAGE.format(count=len(iterations), limit=MAX_ITERATIONS)


def free_vars(body: SeqStmts) -> list[Var]:
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
