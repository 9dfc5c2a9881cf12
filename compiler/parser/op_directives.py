"""`pl.const(value, dtype)` and `pl.static_assert(cond[, msg])`: parser-level built-ins
with their own argument rules (`_parse_typed_constant`, `_handle_static_assert`)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from compiler.parser.errors import FrontEndError, syntax_error
from compiler.syntax.values import COMPARISONS

CONST_HINT = "Use pl.const(42, pl.INT32) or pl.const(1.0, pl.FP16)"
STATIC_ASSERT_HINT = "Use: pl.static_assert(condition) or pl.static_assert(condition, 'message')"


def check_const(
    node: ast.Call,
    inlined_name: Callable[[str], bool] | None = None,
    check_dtype: Callable[[ast.expr], None] | None = None,
) -> None:
    """Only positional arguments count: `pl.const(1, dtype=pl.INT32)` is one argument.
    `inlined_name`, in a `@pl.jit` body: whether a name may be a module constant that the
    jit writes in as a literal before the parser sees it (then it is no error here).
    `check_dtype`: the dtype resolution the second argument goes through after the value
    is read (`pl.const(2, "int32")`)."""
    if len(node.args) != 2:
        raise syntax_error("pl.const() requires exactly 2 arguments: value and dtype", node, CONST_HINT)
    value = node.args[0]
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
        value = value.operand
    if isinstance(value, ast.Name) and inlined_name is not None and inlined_name(value.id):
        return
    if not (isinstance(value, ast.Constant) and isinstance(value.value, (int, float))):
        raise syntax_error(
            "pl.const() first argument must be a numeric literal",
            node,
            "Use an int or float literal: pl.const(42, pl.INT32)",
        )
    if check_dtype is not None:
        check_dtype(node.args[1])


def check_static_assert(node: ast.Call, evaluate: Callable[[ast.expr], Any]) -> None:
    """Arity, a literal message, then the condition when it folds to a plain value
    (a condition we cannot evaluate is left alone: it may be a DSL constant)."""
    if not 1 <= len(node.args) <= 2:
        raise syntax_error("static_assert() requires 1 or 2 arguments", node, STATIC_ASSERT_HINT)
    message = ""
    if len(node.args) == 2:
        literal = node.args[1]
        if not (isinstance(literal, ast.Constant) and isinstance(literal.value, str)):
            raise syntax_error("static_assert() message must be a string literal", literal)
        message = literal.value
    value = _condition(node.args[0], evaluate)
    if type(value) in (bool, int, float) and not value:
        raise FrontEndError(
            "ParserError",
            f"static_assert failed: {message}" if message else "static_assert failed",
            node,
            f"Condition `{ast.unparse(node.args[0])}` evaluated to {value!r}",
        )


def _condition(node: ast.expr, evaluate: Callable[[ast.expr], Any]) -> Any:
    """A static_assert condition's value: a (chained) comparison of numbers folded as Python
    does, anything else as `evaluate` folds it (None where a side is not a plain number)."""
    if not isinstance(node, ast.Compare):
        return evaluate(node)
    left = evaluate(node.left)
    for op, right_node in zip(node.ops, node.comparators, strict=True):
        right = evaluate(right_node)
        compare = COMPARISONS.get(type(op))
        if compare is None or not all(type(side) in (bool, int, float) for side in (left, right)):
            return None
        if not compare(left, right):
            return False
        left = right
    return True
