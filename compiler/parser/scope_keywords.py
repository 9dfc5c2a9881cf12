"""What a scope header's keywords put into the IR, beside its kind, level and name.

`pl.at(...)` keeps `optimizations=[pl.split(MODE), pl.cross_core_slot(slot_num=N)]` as
the InCore scope's split mode and its `slot_num` attr; `deps=`, `no_dep_args=` and
`dumps=` as lists of the Vars they name (`manual_dep_edges`,
`arg_direction_overrides_vars`, `dump_vars`); `allow_early_resolve=True` and
`windowize=True` as flags. `pl.spmd(...)` keeps the same optimizations (on its InCore
carrier), `deps=` and `allow_early_resolve=`, and a `predicate=`. The headers were
checked before (`scope_headers`): what is read here is what the real parser stores,
in the order it stores it (the attrs are compared in order).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.ir import Expr, Var
from compiler.parser.scopes import keyword_value

_SPLIT_MODES = ("NONE", "UP_DOWN", "LEFT_RIGHT")


@dataclass
class ScopeKeywords:
    """The IR a header's keywords give: attrs before and after the `as` TaskId var."""

    split: str | None = None
    before_task_id: list[tuple[str, Any]] = field(default_factory=list)
    after_task_id: list[tuple[str, Any]] = field(default_factory=list)
    # For the InCore carrier of an SPMD scope: its `slot_num`.
    carrier_attrs: list[tuple[str, Any]] = field(default_factory=list)


def at_keywords(call: ast.Call, lookup: Callable[[str], Var | None]) -> ScopeKeywords:
    """`pl.at(...)`: deps / no_dep_args / dumps, [task id], allow_early_resolve, slot_num, windowize."""
    split, slot_num = optimizations(keyword_value(call, "optimizations"))
    found = ScopeKeywords(split)
    for keyword, key in (("deps", "manual_dep_edges"), ("no_dep_args", "arg_direction_overrides_vars")):
        found.before_task_id += _var_list(key, keyword_value(call, keyword), lookup)
    found.before_task_id += _var_list("dump_vars", keyword_value(call, "dumps"), lookup)
    if _true(keyword_value(call, "allow_early_resolve")):
        found.after_task_id.append(("allow_early_resolve", True))
    if slot_num is not None:
        found.after_task_id.append(("slot_num", slot_num))
    if _true(keyword_value(call, "windowize")):
        found.after_task_id.append(("windowize", True))
    return found


def spmd_keywords(
    call: ast.Call, lookup: Callable[[str], Var | None], parse: Callable[[ast.expr], Expr]
) -> ScopeKeywords:
    """`pl.spmd(...)`: deps, [task id], allow_early_resolve, predicate; the carrier's optimizations."""
    split, slot_num = optimizations(keyword_value(call, "optimizations"))
    found = ScopeKeywords(split)
    found.before_task_id += _var_list("manual_dep_edges", keyword_value(call, "deps"), lookup)
    if _true(keyword_value(call, "allow_early_resolve")):
        found.after_task_id.append(("allow_early_resolve", True))
    predicate = keyword_value(call, "predicate")
    if predicate is not None:
        found.after_task_id.append(("predicate", parse(predicate)))
    if slot_num is not None:
        found.carrier_attrs.append(("slot_num", slot_num))
    return found


def optimizations(node: ast.expr | None) -> tuple[str | None, int | None]:
    """`[pl.split(pl.SplitMode.X), pl.cross_core_slot(slot_num=N)]`: the split mode (None:
    no split, `NONE` included) and the slot count."""
    split: str | None = None
    slot_num: int | None = None
    entries = node.elts if isinstance(node, (ast.List, ast.Tuple)) else []
    for entry in entries:
        name = _optimization_name(entry)
        if name == "split" and isinstance(entry, ast.Call):
            mode = entry.args[0] if entry.args else None
            if isinstance(mode, ast.Attribute) and mode.attr in _SPLIT_MODES and mode.attr != "NONE":
                split = mode.attr
            slot_num = _int(keyword_value(entry, "slot_num"), slot_num)
        elif name == "cross_core_slot" and isinstance(entry, ast.Call):
            slot_num = _int(keyword_value(entry, "slot_num"), slot_num)
    return split, slot_num


def _optimization_name(node: ast.expr) -> str | None:
    """`split` / `cross_core_slot` for `pl.X(...)` or `pl.optimizations.X(...)`."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return None
    owner = node.func.value
    spelled = (isinstance(owner, ast.Name) and owner.id == "pl") or (
        isinstance(owner, ast.Attribute)
        and owner.attr == "optimizations"
        and isinstance(owner.value, ast.Name)
        and owner.value.id == "pl"
    )
    return node.func.attr if spelled else None


def _var_list(key: str, node: ast.expr | None, lookup: Callable[[str], Var | None]) -> list[tuple[str, Any]]:
    """`key: [Var, ...]` for a list of names (none named: no attr). A `None` entry, the
    real parser's "no dependency" sentinel, names no var."""
    if not isinstance(node, (ast.List, ast.Tuple)):
        return []
    found = [lookup(entry.id) for entry in node.elts if isinstance(entry, ast.Name)]
    named = [var for var in found if var is not None]
    return [(key, named)] if named else []


def _true(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is True


def _int(node: ast.expr | None, default: int | None) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return default
