"""The distributed codegen's refusal of a call it cannot place: a `pl.at(level=pl.Level.HOST)`
scope (any level of the distributed runtime: HOST, the clusters, GLOBAL) without a `role`, in
a function that has no level either.

OutlineHierarchyScopes makes the scope a function of that level and no role, called from the
function it was in; a program with a function of a distributed level is emitted by the
distributed codegen, which places each call between two functions by both one's level and
role, and stops at the first call where one of the four is missing: an `InternalError` whose
message is empty, the failed check (`Check failed: callee->level_.has_value() && ...`) on its
second line, naming no place of the file. Recorded with the real compiler whatever the scope
holds (tiles, a tensor op, a scalar): `tests/data/postparse_round5` (`r5_at_level_host_tile`).
We point at the scope's header. A scope with a role, or in a function of a level and role,
is not judged here.
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.codegen.orchestration_checks import DISTRIBUTED_LEVELS
from compiler.ir import FunctionType, HierarchyScopeStmt, Program
from compiler.ir.visit import walk_stmts

# The failed check, as the real error's second line shows it (its first line is empty).
MESSAGE = (
    "Check failed: callee->level_.has_value() && callee->role_.has_value() && "
    "current_func_->level_.has_value() && current_func_->role_.has_value()"
)
_HINT = (
    "the function outlined from this scope has a level and no role, and the function calling it "
    "no level: the distributed codegen cannot place the call"
)


def distributed_call_errors(program: Program) -> list[Diagnostic]:
    """The first call the distributed codegen cannot place in `program`, if any."""
    for function in program.functions:
        if function.func_type is not FunctionType.OPAQUE or function.level is not None:
            continue
        for stmt in walk_stmts(function.body):
            if (
                isinstance(stmt, HierarchyScopeStmt)
                and stmt.level in DISTRIBUTED_LEVELS
                and stmt.role is None
            ):
                return [
                    Diagnostic(
                        codes.DISTRIBUTED_CALL_WITHOUT_ROLE,
                        MESSAGE,
                        stmt.header_span or stmt.span,
                        stage=Stage.CODEGEN,
                        exception="InternalError",
                        hint=_HINT,
                    )
                ]
    return []
