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
    """`<name>__store = <the store's result>` at the body's first store into `target` (an
    evaluated store becomes that assignment), each later store's result bound the same way
    to a fresh version of that name (`<name>__store_v0`, ...: the real
    `StoreEvalToAssignMutator`, in the order it visits the statements); returns the stores'
    own results (the caller's later reads of them read the fresh version). The names taken
    go into `used`."""
    name = f"{_parse(target.name)[0]}__store"
    if name in used:
        raise PassNotModelled(pass_name, f"a second name '{name}' in an outlined scope", target.span)
    used.add(name)
    places = {
        id(stmt): (seq, index)
        for seq in walk_stmts(body)
        if isinstance(seq, SeqStmts)
        for index, stmt in enumerate(seq.stmts)
    }
    stores = store_statements(body, target)
    if not stores or any(id(stmt) not in places for stmt in stores):
        raise PassNotModelled(
            pass_name, f"a store into '{target.name}' outside a statement list", target.span
        )
    aliases: list[Var] = []
    # (from the last, so that an insertion leaves the places of the earlier ones as they are)
    results = [name] + [fresh_name(name, used) for _ in stores[1:]]
    for stmt, result_name in reversed(list(zip(stores, results, strict=True))):
        seq, index = places[id(stmt)]
        result = Var(target.span, result_name, type=target.type)
        if isinstance(stmt, EvalStmt):
            seq.stmts[index] = AssignStmt(stmt.span, result, stmt.expr)
            continue
        assert isinstance(stmt, AssignStmt)
        seq.stmts.insert(index + 1, AssignStmt(stmt.span, result, stmt.var))
        aliases.insert(0, stmt.var)
    return aliases


def store_statements(body: Stmt, target: Var) -> list[Stmt]:
    """The statements of `body` that `tile.store` into `target`, in order."""
    return [stmt for stmt in walk_stmts(body) if _stores_into(stmt, target)]


def store_results(body: Stmt, target: Var) -> list[Var]:
    """The vars the stores into `target` in `body` bind their results to."""
    return [stmt.var for stmt in store_statements(body, target) if isinstance(stmt, AssignStmt)]


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
    `out__ssa_v2`, ... that no var of the function has (`tid` -> `tid__ssa_v0`, ...,
    `q__store` -> `q__store_v0`, ...); taken into `used`."""
    base, qualifier, role, version = _parse(name)
    next_version = version + 1 if version is not None else 0
    while True:
        parts = [part for part in (qualifier, role or "ssa", f"v{next_version}") if part]
        found = f"{base}__{'_'.join(parts)}"
        if found not in used:
            used.add(found)
            return found
        next_version += 1


# The roles the real auto-namer knows a name's suffix by (`IsKnownRole`).
_ROLES = frozenset({"ssa", "iter", "rv", "phi", "tile", "tmp", "out", "store", "idx"})


def _parse(name: str) -> tuple[str, str, str | None, int | None]:
    """(base, qualifier, role, version) of a name as the real auto-namer reads it
    (`auto_name::Parse`): `x__a0_ssa_v2` is ("x", "a0", "ssa", 2)."""
    base, separator, suffix = name.partition("__")
    if not separator:
        return name, "", None, None
    head, _, last = suffix.rpartition("_")
    version = None
    if re.fullmatch(r"v\d+", last):
        version, suffix = int(last[1:]), head
    head, _, last = suffix.rpartition("_")
    role = None
    if last in _ROLES:
        role, suffix = last, head
    return base, suffix, role, version


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
