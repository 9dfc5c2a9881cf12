"""What a scope header's keywords put into the scope's attrs, beside its kind, level,
name and optimizations (those are the `ScopePlan`'s, `compiler.parser.scopes`).

`pl.at(...)` keeps `deps=`, `no_dep_args=` and `dumps=` as lists of the Vars they name
(`manual_dep_edges`, `arg_direction_overrides_vars`, `dump_vars`), and
`allow_early_resolve=True` and `windowize=True` as flags; `pl.spmd(...)` keeps `deps=`,
`allow_early_resolve=` and a `predicate=`. The headers were checked before
(`scope_headers`): what is read here is what the real parser stores, in the order it
stores it around the `as` TaskId var (the attrs are compared in order).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.ir import Expr, Var
from compiler.parser.scopes import keyword_value


@dataclass
class ScopeKeywords:
    """The attrs a header's keywords give, before and after its `as` TaskId var."""

    before_task_id: list[tuple[str, Any]] = field(default_factory=list)
    after_task_id: list[tuple[str, Any]] = field(default_factory=list)


def at_keywords(call: ast.Call, lookup: Callable[[str], Var | None]) -> ScopeKeywords:
    """`pl.at(...)`: deps, no_dep_args, dumps; [task id]; allow_early_resolve, windowize."""
    found = ScopeKeywords()
    for keyword, key in (
        ("deps", "manual_dep_edges"),
        ("no_dep_args", "arg_direction_overrides_vars"),
        ("dumps", "dump_vars"),
    ):
        found.before_task_id += _var_list(key, keyword_value(call, keyword), lookup)
    found.after_task_id += _flag("allow_early_resolve", call) + _flag("windowize", call)
    return found


def spmd_keywords(
    call: ast.Call, lookup: Callable[[str], Var | None], parse: Callable[[ast.expr], Expr]
) -> ScopeKeywords:
    """`pl.spmd(...)`: deps; [task id]; allow_early_resolve, predicate."""
    found = ScopeKeywords()
    found.before_task_id += _var_list("manual_dep_edges", keyword_value(call, "deps"), lookup)
    found.after_task_id += _flag("allow_early_resolve", call)
    predicate = keyword_value(call, "predicate")
    if predicate is not None:
        found.after_task_id.append(("predicate", parse(predicate)))
    return found


def _var_list(key: str, node: ast.expr | None, lookup: Callable[[str], Var | None]) -> list[tuple[str, Any]]:
    """`key: [Var, ...]` for a list of names (none named: no attr). A `None` entry, the
    real parser's "no dependency" sentinel, names no var."""
    if not isinstance(node, (ast.List, ast.Tuple)):
        return []
    found = [lookup(entry.id) for entry in node.elts if isinstance(entry, ast.Name)]
    named = [var for var in found if var is not None]
    return [(key, named)] if named else []


def _flag(key: str, call: ast.Call) -> list[tuple[str, Any]]:
    node = keyword_value(call, key)
    return [(key, True)] if isinstance(node, ast.Constant) and node.value is True else []
