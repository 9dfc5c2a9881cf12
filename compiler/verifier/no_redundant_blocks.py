"""The `NoRedundantBlocks` property at pipeline_input (normalize_stmt_structure_pass.cpp):
a yield closes its block, so a `pl.yield_` with a statement after it in the same body
(a loop's, a branch's, a scope's) is an error, reported at the `pl.yield_(...)` call
(the span the real parser gives a YieldStmt, in every form of yield).

Its other two rules (a block of one statement that is not unwrapped, a block nested in
a block) cannot be reached from DSL source: the real builder flattens every body it
builds, and a body of one statement is that statement (every real corpus kernel passes).
"""

from __future__ import annotations

import ast

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import Function
from compiler.ir.nodes import SeqStmts, YieldStmt
from compiler.ir.visit import walk_stmts
from compiler.verifier.function_source import FunctionSource, is_yield_call

_MESSAGE = "YieldStmt before the terminating position; YieldStmt must be the trailing statement of its scope"


def no_redundant_blocks_errors(function: Function, source: FunctionSource) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    calls: dict[Span, Span] | None = None
    for stmt in walk_stmts(function.body):
        if not isinstance(stmt, SeqStmts):
            continue
        for inner in stmt.stmts[:-1]:
            if isinstance(inner, YieldStmt):
                if calls is None:
                    calls = _yield_calls(source)
                span = calls.get(inner.span, inner.span)
                found.append(
                    Diagnostic(
                        codes.VERIFY_NO_REDUNDANT_BLOCKS,
                        _MESSAGE,
                        span,
                        stage=Stage.VERIFIER,
                        exception="VerificationError",
                    )
                )
    return found


def _yield_calls(source: FunctionSource) -> dict[Span, Span]:
    """Each yield statement's span -> its `pl.yield_(...)` call's (`x = pl.yield_(v)`
    starts at `x`; the real YieldStmt at the call)."""
    found: dict[Span, Span] = {}
    for stmt in source.body_statements:
        value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.Expr)) else None
        if is_yield_call(value):
            assert value is not None
            found[Span.of(stmt)] = Span.of(value)
    return found
