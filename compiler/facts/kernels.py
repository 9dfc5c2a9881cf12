"""The device kernels of a module as the pipeline will produce them.

A kernel is either an InCore function the author wrote, or a scope that
OutlineIncoreScopes turns into one (a CORE_GROUP `pl.at` or a `pl.spmd` body in
an Opaque / Orchestration / inline function). Names follow the outliners:
`name_hint`, else `<parent>_incore_<n>`; a non-CORE_GROUP `pl.at` in an Opaque
function is outlined first, as `<parent>_<level>[_<role>]_<n>`, and becomes
the parent of the scopes inside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.ir import (
    Function,
    FunctionType,
    HierarchyScopeStmt,
    InCoreScopeStmt,
    ScopeKind,
    ScopeStmt,
    SpmdScopeStmt,
    Stmt,
    Var,
)
from compiler.ir.visit import child_stmts
from compiler.passes.cache_policy_checks import outlined_scopes
from compiler.passes.scope_interface import CalleeDirections, ScopeInterface, scope_interface
from compiler.span import Span

_LEVEL_SUFFIX = {
    "AIV": "aiv",
    "AIC": "aic",
    "CORE_GROUP": "core_group",
    "CHIP_DIE": "chip_die",
    "CHIP": "chip",
    "HOST": "host",
    "CLUSTER_0": "cluster0",
    "CLUSTER_1": "cluster1",
    "CLUSTER_2": "cluster2",
    "GLOBAL": "global",
}
_ROLE_SUFFIX = {"Orchestrator": "orch", "SubWorker": "worker"}


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


@dataclass
class OutlinedScope:
    """A scope the outliners turn into a function: the name it gets and its interface."""

    scope: ScopeStmt
    name: str
    interface: ScopeInterface


def outlined_names(function: Function) -> dict[int, str]:
    """id(scope) -> the name of the function each outlined scope becomes."""
    names: dict[int, str] = {}
    outlined = {id(scope) for scope in outlined_scopes(function)}
    counters: dict[tuple[str, ScopeKind], int] = {}

    _name_scopes(function.body, function.name, "", outlined, counters, names)
    return names


def _name_scopes(
    stmt: Stmt,
    parent: str,
    spmd_hint: str,
    outlined: set[int],
    counters: dict[tuple[str, ScopeKind], int],
    names: dict[int, str],
) -> None:
    """Name the outlined scopes under `stmt` in source order (a module-level function, not a
    recursive closure: that would leave a reference cycle behind on every call)."""
    for child in child_stmts(stmt):
        if isinstance(child, ScopeStmt) and id(child) in outlined:
            name = _name(child, parent, spmd_hint, counters)
            names[id(child)] = name
            inner = name if isinstance(child, HierarchyScopeStmt) else parent
            _name_scopes(child, inner, "", outlined, counters, names)
        else:
            hint = child.name_hint if isinstance(child, SpmdScopeStmt) else spmd_hint
            _name_scopes(child, parent, hint, outlined, counters, names)


def _name(scope: ScopeStmt, parent: str, spmd_hint: str, counters: dict[tuple[str, ScopeKind], int]) -> str:
    key = (parent, scope.kind)
    index = counters.get(key, 0)
    counters[key] = index + 1  # a named scope still advances the counter
    if scope.name_hint:
        return scope.name_hint
    if isinstance(scope, InCoreScopeStmt):
        return spmd_hint or f"{parent}_incore_{index}"
    assert isinstance(scope, HierarchyScopeStmt)
    role = f"_{_ROLE_SUFFIX[scope.role]}" if scope.role in _ROLE_SUFFIX else ""
    return f"{parent}_{_LEVEL_SUFFIX.get(scope.level, scope.level.lower())}{role}_{index}"


def function_outlines(
    function: Function, callee_directions: CalleeDirections, known: dict[int, ScopeInterface] | None = None
) -> list[OutlinedScope]:
    names = outlined_names(function)
    return [
        OutlinedScope(scope, names[id(scope)], scope_interface(scope, callee_directions, known))
        for scope in outlined_scopes(function)
    ]


def function_kernels(function: Function, outlines: list[OutlinedScope]) -> list[Kernel]:
    """The kernels `function` contributes: itself if InCore, else its outlined InCore scopes."""
    if function.func_type is FunctionType.INCORE:
        params = [param.var for param in function.params]
        declared: dict[int, tuple[int, Span | None]] = {}
        for index, policy in _function_cache_policy(function):
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


def _function_cache_policy(function: Function) -> list[tuple[int, int]]:
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
