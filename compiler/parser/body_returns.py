"""The types a call of a helper typed from its own body binds (`helper_returns.BodyReturn`).

The real parser types such a call from the first return of the helper's parsed body. The
returned tensors are created from module names alone, so their types are those the
creations get wherever the helper is called: they are parsed here on their own, as the
body of a helper holding only them and the return, in the module's environment.
"""

from __future__ import annotations

import ast
import copy

from compiler.base.diagnostics import Severity
from compiler.ir import IRType, ReturnStmt, TensorType
from compiler.ir.visit import walk_stmts
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.helper_returns import BodyReturn
from compiler.syntax.values import DslFunction

# summary (with the helper's kind) -> the types, while the summary holds (a few helpers
# per module; cleared when full).
_TYPES: dict[tuple[BodyReturn, str, str], tuple[IRType, ...] | None] = {}
_KEPT = 256


def body_return_types(
    summary: BodyReturn, callee: DslFunction, env: ModuleEnvironment
) -> tuple[IRType, ...] | None:
    """The types of the helper's returned tensors, None when they do not parse as tensors."""
    alias = next((name for name in env.values if env.is_pl_alias(name)), None)
    if alias is None:
        return None
    key = (summary, callee.decorator, alias)
    if key not in _TYPES:
        if len(_TYPES) >= _KEPT:
            _TYPES.clear()
        _TYPES[key] = _parse(summary, callee, alias, env)
    return _TYPES[key]


def _parse(
    summary: BodyReturn, callee: DslFunction, alias: str, env: ModuleEnvironment
) -> tuple[IRType, ...] | None:
    from compiler.parser.module_parser import parse_definitions  # (the parser's own entry)

    statements = [copy.deepcopy(stmt) for stmt in summary.statements]
    line = max(stmt.end_lineno or stmt.lineno for stmt in statements) + 1
    names = [ast.Name(id=name, ctx=ast.Load()) for name in summary.names]
    value = ast.Tuple(elts=names, ctx=ast.Load()) if summary.as_tuple else names[0]
    decorator = ast.parse(f"{alias}.{callee.decorator}", mode="eval").body
    node = ast.FunctionDef(
        name=callee.name,
        args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=[*statements, ast.Return(value=value, lineno=line, col_offset=4)],
        decorator_list=[decorator],
        returns=None,
        type_params=[],
        lineno=min(stmt.lineno for stmt in statements) - 1,
        col_offset=0,
    )
    ast.fix_missing_locations(node)
    parsed = parse_definitions([node], env)
    if any(d.severity is Severity.ERROR for d in parsed.diagnostics) or len(parsed.functions) != 1:
        return None
    body = parsed.functions[0].body
    returned = (
        next((stmt for stmt in walk_stmts(body) if isinstance(stmt, ReturnStmt)), None) if body else None
    )
    if returned is None or len(returned.values) != len(summary.names):
        return None
    types = tuple(value.type for value in returned.values)
    return types if all(isinstance(t, TensorType) for t in types) else None
