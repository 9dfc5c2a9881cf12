"""`UnusedVariableCheck` and `UnusedControlFlowResultCheck` (warning_unused_var.cpp).

Upstream collects every Var read in an expression of a function (not the definition
sites, not the shapes inside types), then warns once per `AssignStmt` whose Var is
not read (`UnusedVariableCheck`) and once per `for` / `while` / `if` result
(`return_vars`) not read (`UnusedControlFlowResultCheck`); parameters are exempt.
The message is "Unused variable '<name>' in function '<function>'", at the Var's span.

Decided by names (`function_source`): a name the body never reads has no read Var.
- an assignment `name = value` warns when `name` is read nowhere, is no parameter, and
  every binding of `name` is such an assignment: the only one, or the first one at the
  top of the body (it then stays visible, so every later one reuses its Var: each
  warns at the first one's span);
- a loop's or an `if`'s result warns when its name is read nowhere. Upstream locates
  it in its own parser (the builder records where `return_var` was called from, in
  `ast_parser.py`): we point at the yield that names it.
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
    loop_yields,
    target_names,
    yield_result_names,
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


def unused_control_flow_results(source: FunctionSource) -> list[Diagnostic]:
    found = []
    for stmt in source.body_statements:
        for result in _results(stmt):
            if result.id not in source.loads and result.id not in source.params:
                found.append(
                    _warning(codes.UNUSED_CONTROL_FLOW_RESULT, result.id, source.name, Span.of(result))
                )
    return found


def _results(stmt: ast.stmt) -> list[ast.Name]:
    """The names a `for` / `while` with iteration arguments, or an `if` whose branches
    yield, binds as its results (the yields' names; none when it has none, where the
    parser makes `<iter_arg>_out` names no one can read: not modelled)."""
    if isinstance(stmt, ast.For) and isinstance(stmt.target, ast.Tuple):
        return [name for y in loop_yields(stmt.body) for name in yield_result_names(y)]
    if isinstance(stmt, ast.If):
        names: list[ast.Name] = []
        seen: set[str] = set()
        for branch in (stmt.body, stmt.orelse):
            for inner in branch:
                if isinstance(inner, (ast.Assign, ast.AnnAssign)) and is_yield_call(inner.value):
                    targets = [inner.target] if isinstance(inner, ast.AnnAssign) else inner.targets
                    for target in targets:
                        for element in _names(target):
                            if element.id not in seen:
                                seen.add(element.id)
                                names.append(element)
        return names
    return []


def _names(target: ast.expr) -> list[ast.Name]:
    if isinstance(target, ast.Name):
        return [target]
    if isinstance(target, ast.Tuple) and len(target_names(target)) == len(target.elts):
        return [elt for elt in target.elts if isinstance(elt, ast.Name)]
    return []
