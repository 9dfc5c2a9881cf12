"""The type a pass gives an op call it builds: the op's own rule, as `OpRegistry::Create` runs it.

A pass that builds an op (`tile.load`, `tile.matmul`, ...) gets its result type from the
op's type deduction, exactly as the real `OpRegistry::Create` does. Our deductions are the
op rules of `compiler.ops`, written for the parser's calls (an `OpCall`: each argument's
parsed value and its source node); here an `OpCall` is made from the IR call itself, each
argument's node what the parser would have read for it (a literal, a list, a `pl.` name), so
a rule sees what it would see if the dump were parsed. A rule rejecting the call is the real deduction's error (`TileOpError`,
its message); a rule that cannot tell is not modelled (the pass stops, not shown).
"""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import Any

from compiler.base.span import Span
from compiler.ir import (
    Call,
    Const,
    Expr,
    IRType,
    MakeTuple,
    OpaqueExpr,
    ScalarType,
    TensorType,
    TileType,
    UnknownType,
)
from compiler.ops import OpCall, OpError, type_op_call
from compiler.parser import op_catalog
from compiler.printer.expressions import format_expr
from compiler.printer.values import format_attr_value
from compiler.syntax.values import UNKNOWN, ModuleRef, StaticEvaluator

_PL = ModuleRef("pypto.language")
_EVALUATOR = StaticEvaluator(lambda name: _PL if name == "pl" else UNKNOWN)


class TileOpError(Exception):
    """The real type deduction's rejection of an op a pass builds; `message` is its text."""

    def __init__(self, op: str, message: str) -> None:
        super().__init__(message)
        self.op = op
        self.message = message


def deduced_type(op: str, args: list[Expr], kwargs: dict[str, Any]) -> IRType | None:
    """The result type of `op(*args, **kwargs)` as its deduction gives it; None when the op
    or the rule cannot tell. Raises `TileOpError` with the deduction's message."""
    namespace, _, name = op.partition(".")
    signature = op_catalog.lookup(namespace, name)
    if signature is None:
        return None
    params = signature.names
    if len(args) > len(params):
        return None
    nodes: dict[str, ast.expr] = {}
    values: dict[str, Any] = {}
    for position, (param, arg) in enumerate(zip(params, args)):
        scalar_slot = position == 1 and op in _SCALAR_OPERAND_OPS
        nodes[param], values[param] = _node(arg), as_closure_scalar(arg) if scalar_slot else arg
    keywords = []
    for key, value in kwargs.items():
        if key == "attrs":
            continue
        if key not in params:
            return None
        nodes[key] = _node(value)
        values[key] = value
        keywords.append(key)
    call = OpCall(signature.wrapper_key, params, nodes, values, _EVALUATOR.eval, frozenset(keywords))
    try:
        return type_op_call(call)
    except OpError as error:
        raise TileOpError(op, error.message) from None


def typed_call(op: str, args: list[Expr], kwargs: dict[str, Any], span: Span) -> Call:
    """`op(*args, **kwargs)` with its deduced type (`TileOpError` when the deduction rejects it)."""
    from compiler.passes.not_modelled import NOT_KNOWN_STATICALLY, PassNotModelled

    result = deduced_type(op, args, kwargs)
    if result is None:
        if any(map(_of_unknown_type, [*args, *kwargs.values()])):
            raise PassNotModelled(
                "ConvertTensorToTileOps", f"{op} of an operand whose type is {NOT_KNOWN_STATICALLY}", span
            )
        raise PassNotModelled("ConvertTensorToTileOps", f"the type of a {op} it builds is not deduced", span)
    return Call(span, op, list(args), dict(kwargs), type=result)


def is_unfolded_value(expr: Expr) -> bool:
    """A name of the program's closure whose value we could not fold (a factory's parameter
    without a default): the real parser made a constant of the Python value it held."""
    return isinstance(expr, OpaqueExpr) and isinstance(expr.type, UnknownType) and expr.text.isidentifier()


# The ops whose second operand is a scalar, whatever the value: an unfolded closure value
# there is a constant of the real parser (elsewhere it may be a shape, a list...: not typed).
_SCALAR_OPERAND_OPS = frozenset(
    f"tile.{name}" for name in ("adds", "subs", "muls", "divs", "fmods", "maximums", "minimums")
)


def as_closure_scalar(expr: Expr) -> Expr:
    """An unfolded closure value in an op's operand: a Python value the real parser turned
    into a constant (never a tensor or a tile: those are the program's own vars), so a
    scalar whose dtype is not known; any other operand as it is."""
    if not is_unfolded_value(expr):
        return expr
    return OpaqueExpr(expr.span, expr.text, type=ScalarType(None))


def _of_unknown_type(value: Any) -> bool:
    """An operand whose dtype or shape we do not know (a factory's parameter in its type, an
    unfolded closure value): the deduction cannot tell, which is no gap of the rule's."""
    if is_unfolded_value(value) if isinstance(value, Expr) else False:
        return True
    kind = getattr(value, "type", None)
    return isinstance(kind, (TensorType, TileType)) and (kind.dtype is None or kind.shape is None)


_PLACEHOLDER = "_"  # a value the rules read the IR of (a var, an expression): not static


def _node(value: Any) -> ast.expr:
    """The source node a rule would see for `value` (an argument's IR, or a keyword's
    value): a literal for a constant, a list for a tuple, the text of a `pl.` name."""
    if isinstance(value, MakeTuple):
        return ast.List([_node(item) for item in value.items], ast.Load())
    if isinstance(value, Const):
        return ast.Constant(value.value)
    if isinstance(value, OpaqueExpr):
        return _parsed(value.text)
    if isinstance(value, Expr):
        return ast.Name(_PLACEHOLDER, ast.Load())
    if isinstance(value, (bool, int, float, str)) or value is None:
        return ast.Constant(value)
    return _parsed(format_attr_value(value, format_expr))


@lru_cache(maxsize=256)
def _parsed(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body
