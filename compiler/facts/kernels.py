"""The device kernels of a module as the pipeline will produce them.

A kernel is either an InCore function the author wrote, or a scope that
OutlineIncoreScopes turns into one (a CORE_GROUP `pl.at` or a `pl.spmd` body in
an Opaque / Orchestration / inline function); which scopes are outlined, and
their names, come from `compiler.lowering.outlining`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.base.span import Span
from compiler.ir import (
    Call,
    Function,
    FunctionType,
    InCoreScopeStmt,
    ScopeStmt,
    Stmt,
    Var,
)
from compiler.lowering.outlining import OutlinedScope
from compiler.lowering.scope_interface import ScopeInterface


@dataclass
class Kernel:
    """One device kernel: its name, parameters, body and the declarations it lowers."""

    name: str
    params: list[Var]
    body: Stmt
    # id(param var) -> (policy, span of the declaration, or None for a function attr)
    declared: dict[int, tuple[int, Span | None]] = field(default_factory=dict)
    scope: ScopeStmt | None = None
    interface: ScopeInterface | None = None
    # An InCore function's statements with the calls each evaluates (pre-order), when a
    # walk recorded them already (`may_read_bypass`); an outlined scope's are its interface's.
    calls: list[tuple[Stmt, list[Call]]] | None = None


def function_kernels(function: Function, outlines: list[OutlinedScope]) -> list[Kernel]:
    """The kernels `function` contributes: itself if InCore, else its outlined InCore scopes."""
    if function.func_type is FunctionType.INCORE:
        params = [param.var for param in function.params]
        declared: dict[int, tuple[int, Span | None]] = {}
        for index, policy in function_cache_policy(function):
            if 0 <= index < len(params):
                declared[id(params[index])] = (policy, None)
        return [Kernel(function.name, params, function.body, declared)]
    kernels = []
    for outline in outlines:
        if not isinstance(outline.scope, InCoreScopeStmt):
            continue
        declared = {}
        for index, (var, policy) in enumerate(outline.scope.attr("cache_policy_vars") or []):
            if outline.interface.param_of(var) is not None:
                spans = outline.scope.declaration_spans
                declared[id(var)] = (policy, spans[index] if index < len(spans) else None)
        params = [param.var for param in outline.interface.params]
        kernels.append(
            Kernel(outline.name, params, outline.scope.body, declared, outline.scope, outline.interface)
        )
    return kernels


def function_cache_policy(function: Function) -> list[tuple[int, int]]:
    """The `cache_policy` function attr ((param index, policy) pairs), as written by pass 9."""
    for key, value in function.attrs:
        if key == "cache_policy" and isinstance(value, (list, tuple)):
            return [
                (item[0], item[1])
                for item in value
                if isinstance(item, (list, tuple))
                and len(item) == 2
                and all(isinstance(v, int) for v in item)
            ]
    return []
