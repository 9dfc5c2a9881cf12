"""Literal values as DSL text: constants, attr values (`pl.func_attr`, `attrs={...}`).

Strings print double-quoted, like the real printer's `std::quoted`; everything
else prints in the spelling `compiler.parser.attr_values` reads back.
"""

from __future__ import annotations

import json
from typing import Any

from compiler.ir import Expr
from compiler.syntax.values import DType, DynVar, EnumMember


def format_literal(value: Any) -> str:
    """A Python literal: `1`, `2.0`, `True`, `None`, `'rint'` (a constant inside an expression)."""
    return repr(value)


def format_quoted(text: str) -> str:
    """`"text"`: how the real printer quotes attr keys, attr strings and `name_hint=`."""
    return json.dumps(text, ensure_ascii=False)


def format_attr_value(value: Any, format_expr: Any) -> str:
    """One attr value; `format_expr` prints the IR expressions an attr may hold."""
    if isinstance(value, Expr):  # a Var, or any expression an attr holds
        return format_expr(value)
    if isinstance(value, str):
        return format_quoted(value)
    if isinstance(value, DType):
        return f"pl.{value.name}"
    if isinstance(value, DynVar):
        return value.name
    if isinstance(value, EnumMember):
        return f"pl.{value.member}" if value.enum == "language" else f"pl.{value.enum}.{value.member}"
    if isinstance(value, list):
        return "[" + ", ".join(format_attr_value(item, format_expr) for item in value) + "]"
    if isinstance(value, tuple):
        items = [format_attr_value(item, format_expr) for item in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    return format_literal(value)


def format_attr_dict(pairs: list[tuple[str, Any]], format_expr: Any) -> str:
    """`{"key": value, ...}`, keys in the order the IR holds them."""
    return "{" + ", ".join(f"{format_quoted(k)}: {format_attr_value(v, format_expr)}" for k, v in pairs) + "}"
