"""Literal attr values: `pl.func_attr({...})`, a call's `attrs={...}`, a loop's `attrs={...}`.

The real parser reads these with `_parse_attr_value`: literals, lists and
tuples of them, `pl.<Enum>.<member>` / `pl.<DTYPE>`, and bare names of DSL
values (a Var, as in `[(b, 1)]`). The printer writes them back in the same
forms, so a dump re-parses to the same attrs. Anything else is not an attr
value we model: the caller keeps the source text instead, and reports nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from compiler.ir import Var
from compiler.syntax.values import UNKNOWN, DType, DynVar, EnumMember, StaticEvaluator, is_plain_value


class NotAnAttrValue(Exception):
    """The expression is not a literal attr value."""


def parse_attr_value(
    node: ast.expr, evaluator: StaticEvaluator, lookup_var: Callable[[str], Var | None]
) -> Any:
    """The value of one attr expression, or `NotAnAttrValue`."""
    if isinstance(node, ast.Name):
        var = lookup_var(node.id)
        if var is not None:
            return var
    if isinstance(node, (ast.List, ast.Tuple)):
        items = [parse_attr_value(elt, evaluator, lookup_var) for elt in node.elts]
        return items if isinstance(node, ast.List) else tuple(items)
    if not isinstance(node, (ast.Constant, ast.Name, ast.Attribute, ast.UnaryOp, ast.BinOp)):
        raise NotAnAttrValue
    value = evaluator.eval(node)
    if value is UNKNOWN or not (is_plain_value(value) or isinstance(value, (DType, DynVar, EnumMember))):
        raise NotAnAttrValue
    return value


def parse_attr_dict(
    node: ast.expr, evaluator: StaticEvaluator, lookup_var: Callable[[str], Var | None]
) -> list[tuple[str, Any]]:
    """`{"key": value, ...}` with string keys, in source order, or `NotAnAttrValue`."""
    if not isinstance(node, ast.Dict):
        raise NotAnAttrValue
    pairs: list[tuple[str, Any]] = []
    for key, value in zip(node.keys, node.values):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            raise NotAnAttrValue  # also `**other`, whose key is None
        pairs.append((key.value, parse_attr_value(value, evaluator, lookup_var)))
    return pairs
