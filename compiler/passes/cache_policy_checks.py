"""The outliners' two cache-policy rejections (`reference-cache-policy.md` §2.3).

When OutlineHierarchyScopes / OutlineIncoreScopes turn a scope into a function,
each declared (Var, policy) pair is resolved to a parameter index:
- E1: the Var is not a captured input of the scope (the body never uses it);
- E2: the policy is BYPASS and the parameter's direction is Out or InOut.
Both are `CHECK_SPAN` user errors (ValueError). We report them on the marker
(where the author must act), with the scope header and the first write as
related information. Which functions each pass scans follows the real pipeline.
"""

from __future__ import annotations

import re

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import Direction, Function, ScopeKind, ScopeStmt, Var
from compiler.ir.cache_policy import BYPASS
from compiler.lowering.outlining import outlined_scopes
from compiler.lowering.scope_interface import CalleeDirections, ScopeInterface, scope_interface
from compiler.parser import messages

_STAGE = {ScopeKind.IN_CORE: Stage.OUTLINE_INCORE, ScopeKind.HIERARCHY: Stage.OUTLINE_HIERARCHY}


def check_function(
    function: Function,
    callee_directions: CalleeDirections,
    known: dict[int, ScopeInterface] | None = None,
    outlined: dict[int, list[ScopeStmt]] | None = None,
) -> list[Diagnostic]:
    """`outlined` (id(function) -> its `outlined_scopes`) gets this function's, for the
    facts of the same analysis to take (see `function_outlines`)."""
    diagnostics: list[Diagnostic] = []
    scopes = outlined_scopes(function)
    if outlined is not None:
        outlined[id(function)] = scopes
    for scope in scopes:
        decls = scope.attr("cache_policy_vars") or []
        if decls:
            interface = scope_interface(scope, callee_directions, known)
            diagnostics.extend(_check_scope(scope, decls, interface))
    return diagnostics


def _check_scope(
    scope: ScopeStmt, decls: list[tuple[Var, int]], interface: ScopeInterface
) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    stage = _STAGE[scope.kind]
    for index, (var, policy) in enumerate(decls):
        marker = scope.declaration_spans[index] if index < len(scope.declaration_spans) else scope.span
        param = interface.param_of(var)
        if param is None:
            if interface.complete and not _mentioned_in(var.name, interface.opaque_texts):
                diagnostic = _error(codes.NOT_CAPTURED, messages.e1_not_captured(var.name), marker, stage)
                found.append(_with_header(diagnostic, scope))
            continue
        if policy == BYPASS and param.direction is not Direction.IN and interface.complete:
            message = messages.e2_bypass_on_written(var.name, param.direction.value)
            diagnostic = _with_header(_error(codes.BYPASS_ON_WRITTEN, message, marker, stage), scope)
            if param.first_write is not None:
                diagnostic = diagnostic.with_related(param.first_write, f"'{var.name}' is written here")
            found.append(diagnostic)
    return found


def _mentioned_in(name: str, texts: list[str]) -> bool:
    pattern = re.compile(rf"(?<![\w.]){re.escape(name)}(?!\w)")
    return any(pattern.search(text) for text in texts)


def _with_header(diagnostic: Diagnostic, scope: ScopeStmt) -> Diagnostic:
    return diagnostic.with_related(scope.header_span or scope.span, "the scope this declaration belongs to")


def _error(code: str, message: str, span: Span, stage: Stage) -> Diagnostic:
    return Diagnostic(code=code, message=message, span=span, stage=stage, exception="ValueError")
