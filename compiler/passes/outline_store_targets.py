"""A `tile.store` into a tensor an InCore/Cluster/Spmd scope captures (the real
`ScopeOutliner`'s store targets, `StoreEvalToAssignMutator`, `CreateFreshStoreTargetVar`).

The stored tensor is an output of the outlined function whatever follows reads: the body
binds the store's result to `<name>__store` as well, the function returns the parameter,
and the call binds a fresh version of the tensor (`out__ssa_v3`), which every later
reference in the caller reads instead of the tensor or the store's result. A destination
the real outliner does not match as a plain var (a loop's iter_arg) is not a store target.
"""

from __future__ import annotations

import re

from compiler.ir import AssignStmt, Call, EvalStmt, Function, ScopeStmt, SeqStmts, Stmt, Var
from compiler.ir.substitute import substitute_uses
from compiler.ir.visit import bound_vars, child_stmts, own_calls, walk_stmts
from compiler.passes.not_modelled import PassNotModelled

_VERSIONED = re.compile(r"^(?P<base>.+?)__(?P<role>[a-z]+)_v(?P<version>\d+)$")


def store_targets(scope: ScopeStmt, captured: list[Var], iter_args: frozenset[int]) -> tuple[list[Var], bool]:
    """The captured plain vars the scope's body `tile.store`s into, in the real outliner's
    order, and whether that order is known. The real one walks a hash set of every store
    destination of the body (its own vars too), which lists two in the reverse of the order
    they were first stored into (the second goes first in the set's list, whatever their
    hashes: `_M_insert_bucket_begin`); with three or more the order follows their addresses:
    not known statically."""
    ids = {id(var) for var in captured}
    every: list[Var] = []
    for stmt in walk_stmts(scope.body):
        for call in own_calls(stmt):
            destination = call.args[2] if call.op == "tile.store" and len(call.args) >= 3 else None
            plain = isinstance(destination, Var) and id(destination) not in iter_args
            if plain and all(var is not destination for var in every):
                every.append(destination)  # type: ignore[arg-type]
    found = [var for var in every if id(var) in ids]
    if len(every) == 2:
        return found[::-1], True
    return found, len(found) < 2


STORE_ORDER_UNKNOWN = (
    "the order of the outputs of a scope that stores into tensors it captures among three or more "
    "store destinations (the real outliner lists them in the order of a hash set of their addresses)"
)


def bind_store_result(body: SeqStmts, target: Var, used: set[str], pass_name: str) -> list[Var]:
    """`<name>__store = <the store's result>` after the body's store into `target` (an
    evaluated store becomes that assignment); returns the store's own results (the caller's
    later reads of them read the fresh version)."""
    name = f"{_base(target.name)}__store"
    if name in used:
        raise PassNotModelled(pass_name, f"a second name '{name}' in an outlined scope", target.span)
    result = Var(target.span, name, type=target.type)
    stores = [
        (seq, index, stmt)
        for seq in walk_stmts(body)
        if isinstance(seq, SeqStmts)
        for index, stmt in enumerate(seq.stmts)
        if _stores_into(stmt, target)
    ]
    if len(stores) != 1:
        raise PassNotModelled(
            pass_name, f"{len(stores)} stores into '{target.name}' in one scope", target.span
        )
    seq, index, stmt = stores[0]
    if isinstance(stmt, EvalStmt):
        seq.stmts[index] = AssignStmt(stmt.span, result, stmt.expr)
        return []
    assert isinstance(stmt, AssignStmt)
    seq.stmts.insert(index + 1, AssignStmt(stmt.span, result, stmt.var))
    return [stmt.var]


def _stores_into(stmt: Stmt, target: Var) -> bool:
    value = stmt.value if isinstance(stmt, AssignStmt) else stmt.expr if isinstance(stmt, EvalStmt) else None
    return (
        isinstance(value, Call)
        and value.op == "tile.store"
        and len(value.args) >= 3
        and value.args[2] is target
    )


def names_in(function: Function) -> set[str]:
    """The names of the vars `function` binds (its parameters, and everywhere in its body)."""
    names = {param.var.name for param in function.params}
    names.update(var.name for stmt in walk_stmts(function.body) for var in bound_vars(stmt))
    return names


def fresh_version(target: Var, used: set[str]) -> Var:
    """A fresh var of `target`'s type named as its next free version."""
    return Var(target.span, fresh_name(target.name, used), type=target.type)


def fresh_name(name: str, used: set[str]) -> str:
    """The real `GenerateFreshNameLike`: `out__ssa_v0` -> the first of `out__ssa_v1`,
    `out__ssa_v2`, ... that no var of the function has (`tid` -> `tid__ssa_v0`, ...);
    taken into `used`."""
    match = _VERSIONED.match(name)
    base, role, version = (
        (match["base"], match["role"], int(match["version"]) + 1) if match else (name, "ssa", 0)
    )
    while f"{base}__{role}_v{version}" in used:
        version += 1
    found = f"{base}__{role}_v{version}"
    used.add(found)
    return found


def _base(name: str) -> str:
    match = _VERSIONED.match(name)
    return match["base"] if match else name


def rename_after(body: Stmt, call_site: Stmt, mapping: dict[int, Var]) -> None:
    """Every read after `call_site` (in the order the caller runs) of a var in `mapping`
    reads its fresh version instead."""
    if not mapping:
        return
    path = _path_to(body, call_site)
    if path is None:
        return
    for seq, index in path:
        for later in seq.stmts[index + 1 :]:
            substitute_uses(later, dict(mapping))


def _path_to(node: Stmt, target: Stmt) -> list[tuple[SeqStmts, int]] | None:
    """The statement lists on the way down to `target`, each with the index taken."""
    for index, child in enumerate(child_stmts(node)):
        if child is target:
            return [(node, index)] if isinstance(node, SeqStmts) else []
        found = _path_to(child, target)
        if found is not None:
            return ([(node, index)] if isinstance(node, SeqStmts) else []) + found
    return None
