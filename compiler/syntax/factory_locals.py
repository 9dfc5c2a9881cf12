"""The closure of a DSL definition written inside a plain Python function (a factory).

`def _build_program(): ROWS, COLS = _ROWS, _COLS; @pl.program class P: ...` runs the
decorator while the factory executes, so the program's bodies see the factory's locals
as they stand at that point, over the module globals. The real parser reads those
values; so do we, for the straight-line code before the definition:
- every name the factory binds anywhere (a parameter included) shadows the module's
  value and is unknown unless that straight-line code folds it;
- the statements before the definition are folded in order, as the module's are;
- inside a loop nothing is folded: an earlier iteration may have rebound any name.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from compiler.syntax.environment import ModuleEnvironment, fold_statement
from compiler.syntax.values import UNKNOWN

_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def factory_environment(
    env: ModuleEnvironment,
    factory: ast.FunctionDef | ast.AsyncFunctionDef,
    path: list[ast.stmt],
    bound_names: frozenset[str],
    dsl_decorator_of: Callable[[ast.stmt, ModuleEnvironment], Any] | None = None,
) -> ModuleEnvironment:
    """`env` as seen from inside `factory`, just before the statement `path[-1]` runs.

    `path` is the chain of statements from one of `factory.body`'s statements down to
    the definition; `bound_names` every name the factory binds (parameters included)."""
    derived = ModuleEnvironment(dict(env.values), env.imports_pypto_language)
    for name in bound_names:
        derived.values[name] = UNKNOWN
    evaluator = derived.evaluator()
    block: list[ast.stmt] = factory.body
    for step in path:
        for stmt in _preceding(block, step):
            fold_statement(stmt, derived, evaluator, dsl_decorator_of)
        if isinstance(step, _LOOPS):
            break  # the definition runs once per iteration: nothing inside is straight-line
        block = _block_holding(step, path)
    return derived


def _preceding(block: list[ast.stmt], step: ast.stmt) -> list[ast.stmt]:
    for index, stmt in enumerate(block):
        if stmt is step:
            return block[:index]
    return []


def _block_holding(stmt: ast.stmt, path: list[ast.stmt]) -> list[ast.stmt]:
    """The statement list of `stmt` (a body, else branch, handler...) that holds the next step."""
    following = set(map(id, path))
    for field_name in ("body", "orelse", "finalbody"):
        children = getattr(stmt, field_name, None)
        if isinstance(children, list) and any(id(child) in following for child in children):
            return children
    for handler in getattr(stmt, "handlers", None) or []:
        if any(id(child) in following for child in handler.body):
            return handler.body
    return []
