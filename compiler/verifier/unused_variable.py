"""`UnusedVariableCheck` (warning_unused_var.cpp).

Upstream collects every Var read in an expression of a function (not the definition
sites, not the shapes inside types), then warns once per `AssignStmt` whose Var is
not read; parameters are exempt. The message is "Unused variable '<name>' in function
'<function>'", at the Var's span. Its sibling `UnusedControlFlowResultCheck` (an unread
`for` / `while` / `if` result) is off by default (`PassContext`'s
`disabled_diagnostics = {UnusedControlFlowResult}`): `ir.compile` never prints it, so
neither do we.

Decided by names (`function_source`): a name the body never reads has no read Var.
- an assignment `name = value` warns when `name` is read nowhere, is no parameter, and
  every binding of `name` is such an assignment: the only one, or the first one at the
  top of the body (it then stays visible, so every later one reuses its Var: each
  warns at the first one's span);
"""

from __future__ import annotations

import ast

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Severity, Stage
from compiler.base.span import Span
from compiler.ir import Function
from compiler.ir.nodes import AssignStmt, OpaqueExpr
from compiler.ir.types import ScalarType, TensorType, TileType
from compiler.ir.visit import walk_stmts
from compiler.verifier.function_source import (
    FunctionSource,
    bound_names,
    is_yield_call,
)

# Assignments the real parser binds without an AssignStmt of their own.
_NOT_A_LET = frozenset({"dim", "submit", "spmd_submit", "alloc_window_buffer"})


def _message(name: str, function: str) -> str:
    return f"Unused variable '{name}' in function '{function}'"


def _warning(code: str, name: str, function: str, span: Span) -> Diagnostic:
    return Diagnostic(
        code,
        _message(name, function),
        span,
        severity=Severity.WARNING,
        stage=Stage.VERIFIER,
        unnecessary=True,
    )


def _simple_assignment(stmt: ast.stmt) -> ast.Name | None:
    """The target of `name = value` / `name: T = value` (not a yield, not a form the
    parser binds without a let)."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        target, value = stmt.targets[0], stmt.value
    elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        target, value = stmt.target, stmt.value
    else:
        return None
    if is_yield_call(value):
        return None
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in _NOT_A_LET
    ):
        return None
    return target


def unused_variables(function: Function, source: FunctionSource) -> list[Diagnostic]:
    lets = _typed_lets(function)
    top_level = {id(stmt) for stmt in source.node.body}
    first: dict[str, ast.Name] = {}
    by_name: dict[str, list[ast.stmt]] = {}
    undecided: set[str] = set(source.params)
    nested: set[str] = set()  # first assigned inside a nested body
    for stmt in source.body_statements:
        target = _simple_assignment(stmt)
        if target is not None and Span.of(stmt) not in lets:
            target = None  # a binding our IR does not type: not judged
        if target is None:
            undecided.update(bound_names(stmt))
            continue
        if target.id not in first and id(stmt) not in top_level:
            nested.add(target.id)
        first.setdefault(target.id, target)
        by_name.setdefault(target.id, []).append(stmt)
    found = []
    for name, assignments in by_name.items():
        if name in undecided or name in source.loads:
            continue
        if name in nested and len(assignments) > 1:
            continue  # which of them reuse the first one's Var depends on the scopes
        span = Span.of(first[name])
        found += [_warning(codes.UNUSED_VARIABLE, name, source.name, span) for _ in assignments]
    return found


def _typed_lets(function: Function) -> set[Span]:
    """The spans of the function's assignments of a Tensor, Tile or Scalar value our IR
    built (an opaque or untyped value, a tuple, is not judged)."""
    return {
        stmt.span
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, AssignStmt)
        and not isinstance(stmt.value, OpaqueExpr)
        and isinstance(stmt.value.type, (TensorType, TileType, ScalarType))
    }
