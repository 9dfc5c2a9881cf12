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
    if value.__class__ is ast.Call and value.func.__class__ is ast.Name:  # type: ignore[union-attr]
        names.add(value.func.id)  # type: ignore[union-attr]
    for field in _BLOCKS.get(stmt.__class__, ()):
        for child in getattr(stmt, field):
            _statement_calls(child, names)


def _program_classes(stmt: ast.stmt) -> list[ast.ClassDef]:
    """The program classes `stmt` is or holds among its statements (a factory's body): only
    statements are walked, not every expression of a long function."""
    if isinstance(stmt, ast.ClassDef):
        return [stmt] if any(_is_program_decorator(d) for d in stmt.decorator_list) else []
    found = []
    for field in _BLOCKS.get(stmt.__class__, ()):
        for child in getattr(stmt, field):
            found += _program_classes(child)
    return found


# The statements (and `except` clauses) that hold statements, and the fields that hold them
# (`match` cases are not followed). Exact classes: `ast.parse` makes no subclass.
_BLOCKS: dict[type, tuple[str, ...]] = {
    **dict.fromkeys(
        (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.With, ast.AsyncWith), ("body",)
    ),
    **dict.fromkeys((ast.ExceptHandler,), ("body",)),
    **dict.fromkeys((ast.If, ast.For, ast.AsyncFor, ast.While), ("body", "orelse")),
    **dict.fromkeys(
        (ast.Try, *((ast.TryStar,) if hasattr(ast, "TryStar") else ())),
        ("body", "orelse", "finalbody", "handlers"),
    ),
}


def _is_program_decorator(decorator: ast.expr) -> bool:
    """`@pl.program` (or `@program`, `@pl.program(...)`): the name is all that is read here."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(target, ast.Attribute):
        return target.attr == "program"
    return isinstance(target, ast.Name) and target.id == "program"
