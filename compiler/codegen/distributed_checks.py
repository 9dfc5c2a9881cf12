"""The distributed codegen's refusal of a HOST-level scope in a plain function.

A program with a function of HOST level or above (Linqu level 3+) is built by the real
backend's distributed codegen before any chip build: it emits the HOST orchestrator, or,
when no function has the Orchestrator role, the "entry" function, the Opaque function
without level or role. A `with pl.at(level=pl.Level.HOST):` (no `role=`) in such a
function is outlined into a HOST-level function with no role, and the entry's call to it
meets the codegen's own invariant that caller and callee both carry a level and a role:

    InternalError: Check failed: callee->level_.has_value() && callee->role_.has_value() &&
    current_func_->level_.has_value() && current_func_->role_.has_value()

The real error names no place; we point at the scope. Judged only where the path is
certain: no function or scope of the program names a level or role otherwise (no
Orchestrator to emit instead, no distributed data whose preconditions come first), the
scope is on a statement codegen surely emits, and it is the program's only Opaque
function without a level (the one the codegen takes as the entry).
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.codegen.orchestration_checks import (
    DISTRIBUTED_LEVELS,
    becomes_orchestration,
    emitted_statements,
)
from compiler.ir import FunctionType, HierarchyScopeStmt, Program
from compiler.ir.visit import walk_stmts

MESSAGE = (
    "Check failed: callee->level_.has_value() && callee->role_.has_value() && "
    "current_func_->level_.has_value() && current_func_->role_.has_value()"
)


def distributed_codegen_errors(program: Program) -> list[Diagnostic]:
    """The distributed codegen's refusal, or none (see the module docstring)."""
    functions = [f for f in program.functions if f.has_dsl_body]
    if any(f.level is not None or f.role is not None for f in functions):
        return []
    scopes = [
        (function, stmt)
        for function in functions
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, HierarchyScopeStmt)
    ]
    if not scopes or any(scope.role is not None for _, scope in scopes):
        return []
    # An Opaque function with a CORE_GROUP scope is an Orchestration by then: not the entry.
    entries = [f for f in functions if f.func_type is FunctionType.OPAQUE and not becomes_orchestration(f)]
    if len(entries) != 1:
        return []
    [entry] = entries
    for stmt in emitted_statements(entry.body):
        if isinstance(stmt, HierarchyScopeStmt) and stmt.level in DISTRIBUTED_LEVELS:
            return [
                Diagnostic(
                    codes.DISTRIBUTED_CALLER_WITHOUT_LEVEL,
                    MESSAGE,
                    stmt.span,
                    stage=Stage.CODEGEN,
                    exception="InternalError",
                ).with_related(
                    entry.span,
                    f"the distributed codegen's entry '{entry.name}' has no level or role, and the "
                    f"function it calls for this {stmt.level} scope has no role",
                )
            ]
    return []
