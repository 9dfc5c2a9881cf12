"""Simplify's dtype rule on the flag a `break` leaves: `Operator 'eq' does not accept bool dtype`.

CtrlFlowTransform (run on InCore, AIC and AIV functions before SSA) lowers a
sequential `pl.range` loop or a `while` loop that holds a `break` into a `while`
loop guarded by a fresh BOOL flag, initialised to `False` just before the loop.
When the loop is at the top of the function body, that initialisation is a
single-assigned scalar bound to a constant at the function's top level, which
Simplify (the first run, right after ConvertToSSA) binds in its arithmetic
analyzer: the analyzer records `flag == False`, and building that comparison
refuses BOOL operands (`PromoteSameCategoryDtype`). The pass raises a TypeError
with no source location; we report it on the `break` that made the flag.

A loop nested in another loop, an `if` or a `while` is initialised inside that
body, where Simplify only records a bound: no error. A `pl.parallel`,
`pl.unroll` or `pl.pipeline` loop is not lowered this way (and the parser refuses
`break` in the first two).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import (
    BreakStmt,
    ForKind,
    ForStmt,
    Function,
    FunctionType,
    Program,
    SeqStmts,
    Stmt,
    WhileStmt,
)
from compiler.ir.visit import child_stmts

BOOL_EQ_MESSAGE = "Operator 'eq' does not accept bool dtype"
# CtrlFlowTransform runs on these function types only (IsInCoreType).
_LOWERED = frozenset({FunctionType.INCORE, FunctionType.AIC, FunctionType.AIV})


def simplify_errors(program: Program) -> list[Diagnostic]:
    """Simplify's refusals in `program`'s functions (see the module docstring)."""
    return [
        d
        for function in program.functions
        if function.func_type in _LOWERED
        for d in _function_errors(function)
    ]


def _function_errors(function: Function) -> list[Diagnostic]:
    found = []
    for loop in _top_level_loops(function.body):
        first = next(_own_breaks(loop.body), None)
        if first is None:
            continue
        found.append(
            Diagnostic(
                codes.SIMPLIFY_BOOL_OPERAND,
                BOOL_EQ_MESSAGE,
                first.span,
                stage=Stage.SIMPLIFY,
                exception="TypeError",
            ).with_related(
                loop.span, "the loop this break leaves: its break flag is a BOOL bound at the top level"
            )
        )
    return found


def _top_level_loops(body: SeqStmts) -> Iterator[ForStmt | WhileStmt]:
    """The sequential loops of the function body's own statement list."""
    for stmt in body.stmts:
        if isinstance(stmt, SeqStmts):
            yield from _top_level_loops(stmt)
        elif isinstance(stmt, WhileStmt) or (isinstance(stmt, ForStmt) and stmt.kind is ForKind.RANGE):
            yield stmt


def _own_breaks(stmt: Stmt) -> Iterator[BreakStmt]:
    """The `break`s that leave the loop whose body `stmt` is (not those of a nested loop)."""
    for child in child_stmts(stmt):
        if isinstance(child, BreakStmt):
            yield child
        elif not isinstance(child, (ForStmt, WhileStmt)):
            yield from _own_breaks(child)
