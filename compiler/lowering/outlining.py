"""What OutlineIncoreScopes and OutlineHierarchyScopes do to a function: which of
its scopes become functions of their own, and the names those functions get.

The passes (`compiler.passes.outline`) perform the outlining; the facts
(`compiler.facts`) predict its result for the editor; the outliner checks
(`compiler.passes.cache_policy_checks`) resolve declarations against it. All read
it from here. Names follow the outliners: `name_hint`, else `<parent>_incore_<n>`;
a non-CORE_GROUP `pl.at` in an Opaque function is outlined first, as
`<parent>_<level>[_<role>]_<n>`, and becomes the parent of the scopes inside it; a
CORE_GROUP scope inside another is named after the outer one's kernel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from compiler.ir import (
    Function,
    FunctionType,
    HierarchyScopeStmt,
    InCoreScopeStmt,
    OpaqueExpr,
    ScopeKind,
    ScopeStmt,
    SpmdScopeStmt,
    Stmt,
)
from compiler.ir.visit import child_stmts, own_calls, walk_stmts
from compiler.lowering.scope_interface import CalleeDirections, ScopeInterface, scope_interface
from compiler.parser.scopes import SPMD_SUFFIX

# OutlineIncoreScopes scans Opaque and Orchestration functions, OutlineHierarchyScopes
# only Opaque ones; Inline bodies are spliced into their callers first (pass 1).
_SCANNED_BY = {
    ScopeKind.IN_CORE: {FunctionType.OPAQUE, FunctionType.ORCHESTRATION, FunctionType.INLINE},
    ScopeKind.HIERARCHY: {FunctionType.OPAQUE, FunctionType.INLINE},
}

_SCANNED_BY_ANY = frozenset().union(*_SCANNED_BY.values())

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
class OutlinedScope:
    """A scope the outliners turn into a function: the name it gets and its interface."""

    scope: ScopeStmt
    name: str
    interface: ScopeInterface


def outlined_names(function: Function, taken: frozenset[str] = frozenset()) -> dict[int, str]:
    """id(scope) -> the name of the function each outlined scope becomes; `taken`: the
    names of the functions beside `function` (its program's), which outlined ones avoid."""
    return _outlined_names(function, outlined_scopes(function), taken)


def candidate_names(function: Function) -> dict[int, str]:
    """id(scope) -> the name each outlined scope asks for (its `name_hint`, else the one
    the outliner makes up), before `unique_function_name` settles collisions."""
    return _candidate_names(function, outlined_scopes(function))


def _candidate_names(function: Function, scopes: list[ScopeStmt]) -> dict[int, str]:
    names: dict[int, str] = {}
    if scopes:
        counters: dict[tuple[str, ScopeKind], int] = {}
        _name_scopes(function.body, function.name, "", {id(scope) for scope in scopes}, counters, names)
    return names


def _outlined_names(function: Function, scopes: list[ScopeStmt], taken: frozenset[str]) -> dict[int, str]:
    names = _candidate_names(function, scopes)
    used = set(taken)
    local: set[str] = set()
    for scope in scopes:
        names[id(scope)] = unique_function_name(names[id(scope)], function.name, used, local)
        used.add(names[id(scope)])
        local.add(names[id(scope)])
    return names


def _name_scopes(
    stmt: Stmt,
    parent: str,
    spmd_hint: str,
    outlined: set[int],
    counters: dict[tuple[str, ScopeKind], int],
    names: dict[int, str],
    incore_parent: str = "",
) -> None:
    """Name the outlined scopes under `stmt` in source order (a module-level function, not a
    recursive closure: that would leave a reference cycle behind on every call).
    `incore_parent`: the kernel a CORE_GROUP scope under `stmt` sits in (the outliner names
    one nested in another after the outer's kernel: `main_incore_0_incore_0`), else `parent`."""
    for child in child_stmts(stmt):
        if isinstance(child, ScopeStmt) and id(child) in outlined:
            in_core = isinstance(child, InCoreScopeStmt)
            name = _name(child, (incore_parent or parent) if in_core else parent, spmd_hint, counters)
            names[id(child)] = name
            if isinstance(child, HierarchyScopeStmt):
                _name_scopes(child, name, "", outlined, counters, names)
            else:
                _name_scopes(child, parent, "", outlined, counters, names, name if in_core else incore_parent)
        else:
            hint = child.name_hint if isinstance(child, SpmdScopeStmt) else spmd_hint
            _name_scopes(child, parent, hint, outlined, counters, names, incore_parent)


def _name(scope: ScopeStmt, parent: str, spmd_hint: str, counters: dict[tuple[str, ScopeKind], int]) -> str:
    key = (parent, scope.kind)
    index = counters.get(key, 0)
    counters[key] = index + 1  # a named scope still advances the counter
    if scope.name_hint:
        return scope.name_hint
    if isinstance(scope, InCoreScopeStmt):
        # The real parser splits a `pl.spmd(name_hint=...)` hint: the SPMD wrapper is
        # `<hint>_spmd`, the kernel `<hint>` (a hint ending in `_spmd` loses it).
        return spmd_hint.removesuffix(SPMD_SUFFIX) or f"{parent}_incore_{index}"
    assert isinstance(scope, HierarchyScopeStmt)
    role = f"_{_ROLE_SUFFIX[scope.role]}" if scope.role in _ROLE_SUFFIX else ""
    return f"{parent}_{_LEVEL_SUFFIX.get(scope.level, scope.level.lower())}{role}_{index}"


def function_outlines(
    function: Function,
    callee_directions: CalleeDirections,
    known: dict[int, ScopeInterface] | None = None,
    taken: frozenset[str] = frozenset(),
    outlined: dict[int, list[ScopeStmt]] | None = None,
) -> list[OutlinedScope]:
    """The scopes of `function` the outliners turn into functions, each with the name it
    gets: `taken` holds the names of the functions beside it (its program's); `outlined`:
    id(function) -> its `outlined_scopes`, found already (the checks' walk)."""
    scopes = outlined.get(id(function)) if outlined is not None else None
    if scopes is None:
        scopes = outlined_scopes(function)
    names = _outlined_names(function, scopes, taken)
    return [
        OutlinedScope(scope, names[id(scope)], scope_interface(scope, callee_directions, known))
        for scope in scopes
    ]


def names_beside(function: Function, program: Sequence[Function] | None) -> frozenset[str]:
    """The names an outlined function of `function` must not take: those of its program's
    functions, or, for a free function (compiled as a program of its own), its own."""
    return frozenset(member.name for member in program) if program is not None else frozenset({function.name})


def unique_function_name(name: str, parent: str, taken: set[str], local: set[str]) -> str:
    """The name a scope of `parent` asking for `name` is outlined as. `taken`: the names of
    the program's functions and of those outlined so far; `local`: the names `parent`
    holds (its vars, and the functions outlined from it so far). A name another function
    holds becomes `<parent>_<name>` (then `<parent>_<name>_<n>`); a name `parent` holds
    itself (two scopes with one `name_hint`) becomes `<name>_<n>`, the first free n."""
    if name not in taken and name not in local:
        return name
    if name not in local:
        namespaced = f"{parent}_{name}"
        if namespaced not in taken and namespaced not in local:
            return namespaced
        name = namespaced
    index = 0
    while f"{name}_{index}" in taken or f"{name}_{index}" in local:
        index += 1
    return f"{name}_{index}"


def outlined_scopes(function: Function) -> list[ScopeStmt]:
    """The scopes of `function` that the outliners turn into functions of their own."""
    if function.func_type not in _SCANNED_BY_ANY:
        return []  # no outliner looks inside it (an InCore kernel, say): no walk
    return [
        stmt
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, ScopeStmt) and function.func_type in _SCANNED_BY.get(stmt.kind, ())
    ]


def printed_order(functions: Sequence[Function]) -> list[Function]:
    """The functions of a program in the order the real printer writes them: the real
    program keeps its functions sorted by name, and the printer puts each function's
    callees (by name too) before it, depth first. An outliner's result is held in this
    order, which is then what it prints (and what reading its dump back gives)."""
    by_name = {function.name: function for function in functions}
    if len(by_name) != len(functions):
        return list(functions)  # (two functions of one name: not a program the real one holds)
    callees: dict[str, list[str]] = {}
    for function in functions:
        callees[function.name] = sorted(name for name in _functions_named(function) if name in by_name)
    ordered: list[Function] = []
    done: set[str] = set()
    for name in sorted(by_name):
        # Depth first with an explicit stack (no recursion limit on long call chains).
        stack: list[tuple[str, int]] = [(name, 0)]
        active = {name}
        while stack:
            current, next_index = stack[-1]
            if current in done:
                stack.pop()
                active.discard(current)
                continue
            pending = callees[current]
            if next_index < len(pending):
                stack[-1] = (current, next_index + 1)
                callee = pending[next_index]
                if callee in active:
                    return [by_name[n] for n in sorted(by_name)]  # a cycle: the real printer keeps name order
                if callee not in done:
                    stack.append((callee, 0))
                    active.add(callee)
                continue
            stack.pop()
            active.discard(current)
            done.add(current)
            ordered.append(by_name[current])
    return ordered


def _functions_named(function: Function) -> set[str]:
    """The names of functions `function` refers to: those it calls (`self.k(...)`) and those
    it passes (`pl.submit(self.k, ...)`)."""
    names: set[str] = set()
    for stmt in walk_stmts(function.body):
        for call in own_calls(stmt):
            names.add(call.op.removeprefix("self."))
            names.update(
                arg.text.removeprefix("self.")
                for arg in call.args
                if isinstance(arg, OpaqueExpr) and arg.text.startswith("self.")
            )
    return names
