"""The module-level DSL functions a `@pl.program` class calls by name (a statement's whole
value: how an orchestration calls a kernel): the real parser adds each to the program it is
called from (`self.kernel_qk_matmul(...)` in its dumps), so the
real compile of that program compiles them too (their performance hints among its own).

A module-wide fact: each top-level statement's summary (the bare names called in the
methods of the program classes it holds, at its top level or inside a factory function)
is kept on the statement, and the environment binds the names among them that are
module-level `@pl.function`s (`PROGRAM_CALLEES`)."""

from __future__ import annotations

import ast

# Key (never an identifier) bound to the names, when there is one.
PROGRAM_CALLEES = "<program callees>"
_MEMO = "_pto_program_callees"


def called_from_programs(stmt: ast.stmt) -> frozenset[str]:
    """The bare names called in the program classes of `stmt`, remembered on it (the engine
    keeps a unit's statements while its text is unchanged)."""
    found = getattr(stmt, _MEMO, None)
    if found is None:
        found = frozenset(_called_names(stmt))
        setattr(stmt, _MEMO, found)
    return found


def _called_names(stmt: ast.stmt) -> set[str]:
    names: set[str] = set()
    for program in _program_classes(stmt):
        _statement_calls(program, names)
    return names


def _statement_calls(stmt: ast.stmt, names: set[str]) -> None:
    """The names a statement under `stmt` calls as its whole value (`sij = kernel(...)`,
    `kernel(...)`, `return kernel(...)`: how a program calls a kernel), into `names`. Only
    statements are walked: every expression of every program would cost a module's
    environment as much as the rest of its fold."""
    value = getattr(stmt, "value", None)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        names.add(value.func.id)
    for field in ("body", "orelse", "finalbody", "handlers"):
        for child in getattr(stmt, field, ()):
            if isinstance(child, (ast.stmt, ast.excepthandler)):
                _statement_calls(child, names)  # type: ignore[arg-type]


def _program_classes(stmt: ast.stmt) -> list[ast.ClassDef]:
    """The program classes `stmt` is or holds among its statements (a factory's body): only
    statements are walked, not every expression of a long function."""
    if isinstance(stmt, ast.ClassDef):
        return [stmt] if any(_is_program_decorator(d) for d in stmt.decorator_list) else []
    found = []
    for field in ("body", "orelse", "finalbody", "handlers"):
        for child in getattr(stmt, field, ()):
            if isinstance(child, (ast.stmt, ast.excepthandler)):
                found += _program_classes(child)  # type: ignore[arg-type]
    return found


def _is_program_decorator(decorator: ast.expr) -> bool:
    """`@pl.program` (or `@program`, `@pl.program(...)`): the name is all that is read here."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(target, ast.Attribute):
        return target.attr == "program"
    return isinstance(target, ast.Name) and target.id == "program"
