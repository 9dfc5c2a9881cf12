"""Our IR's scalar expressions seen as the real IR's scalar nodes (`Add`, `Min`, `Lt`, ...).

The front end keeps some scalar nodes of the real IR in other shapes: `pl.min` /
`pl.max` on scalars are calls (`tile.min` / `tile.max` with a scalar type),
`pl.cast` on a scalar a call `pl.cast`, and a comparison or `and`/`or` an
`OpaqueExpr` that keeps its source text beside its operands. `kind_of` names the
real node an expression is; `make` builds one back in the shape the front end
gives it (so the printer spells it as it spells the parsed one).
"""

from __future__ import annotations

import ast
from functools import lru_cache

from compiler.base.span import Span
from compiler.ir import BinaryExpr, Call, Const, Expr, OpaqueExpr, ScalarType, UnaryExpr, Var
from compiler.printer.expressions import format_expr

_MIN_MAX_OPS = {
    "tile.min": "min",
    "tile.max": "max",
    "pl.min": "min",
    "pl.max": "max",
    "min": "min",
    "max": "max",
}
_BINARY_KINDS = {
    "add": "add",
    "sub": "sub",
    "mul": "mul",
    "floordiv": "floordiv",
    "mod": "floormod",
    "div": "floatdiv",
    "pow": "pow",
    "bitand": "bitand",
    "bitor": "bitor",
    "bitxor": "bitxor",
    "shl": "shl",
    "shr": "shr",
}
_BINARY_OPS = {kind: op for op, kind in _BINARY_KINDS.items()}
_UNARY_KINDS = {"neg": "neg", "not": "not", "bit_not": "bitnot"}
_COMPARE_KINDS: dict[type, str] = {
    ast.Eq: "eq",
    ast.NotEq: "ne",
    ast.Lt: "lt",
    ast.LtE: "le",
    ast.Gt: "gt",
    ast.GtE: "ge",
}
COMPARE_SYMBOLS = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
COMPARISONS = frozenset(COMPARE_SYMBOLS)


def is_scalar_arith_call(expr: Expr) -> bool:
    """A call of ours that is an arithmetic node of the real IR (scalar min/max/cast)."""
    if not isinstance(expr, Call) or not isinstance(expr.type, ScalarType):
        return False
    return expr.op in _MIN_MAX_OPS or expr.op == "pl.cast"


def kind_of(expr: Expr) -> str:
    """The real node kind: `const`, `var`, a binary or unary kind, a comparison,
    `and`/`or`, `cast`, `call` (left alone by arithmetic), or `other` (not modelled)."""
    cls = expr.__class__
    if cls is Const:
        return "const"
    if cls is Var:
        return "var"
    if cls is BinaryExpr:
        return _BINARY_KINDS.get(expr.op, "other")  # type: ignore[attr-defined]
    if cls is UnaryExpr:
        return _UNARY_KINDS.get(expr.op, "other")  # type: ignore[attr-defined]
    if cls is Call:
        if is_scalar_arith_call(expr):
            op = expr.op  # type: ignore[attr-defined]
            return "cast" if op == "pl.cast" else _MIN_MAX_OPS[op]
        return "call"
    if cls is OpaqueExpr:
        return _opaque_kind(expr.text, len(expr.operands))  # type: ignore[attr-defined]
    return "other"


@lru_cache(maxsize=4096)
def _opaque_kind(text: str, operands: int) -> str:
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return "other"
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and operands == 2:
        return _COMPARE_KINDS.get(type(node.ops[0]), "other")
    if isinstance(node, ast.BoolOp) and len(node.values) == 2 and operands == 2:
        return "and" if isinstance(node.op, ast.And) else "or"
    return "other"


def operands(expr: Expr) -> list[Expr]:
    """The operands of a binary, unary or cast node, in order."""
    if isinstance(expr, BinaryExpr):
        return [expr.lhs, expr.rhs]
    if isinstance(expr, UnaryExpr):
        return [expr.operand]
    if isinstance(expr, Call):
        return expr.args[:1] if expr.op == "pl.cast" else list(expr.args)
    if isinstance(expr, OpaqueExpr):
        return list(expr.operands)
    return []


def make(kind: str, parts: list[Expr], dtype: str | None, span: Span, like: Expr | None = None) -> Expr:
    """A node of `kind` over `parts`, with result dtype `dtype`, shaped as the front end
    shapes it. `like`: the node it replaces, whose own pieces (a cast's target) it keeps."""
    result = ScalarType(dtype)
    if kind in _BINARY_OPS:
        return BinaryExpr(span, _BINARY_OPS[kind], parts[0], parts[1], type=result)
    if kind in ("min", "max"):
        op = like.op if isinstance(like, Call) and like.op in _MIN_MAX_OPS else f"tile.{kind}"
        return Call(span, op, list(parts), type=result)
    if kind == "neg":
        return UnaryExpr(span, "neg", parts[0], type=result)
    if kind == "not":
        return UnaryExpr(span, "not", parts[0], type=ScalarType("BOOL"))
    if kind == "cast":
        assert isinstance(like, Call)
        return Call(span, like.op, [parts[0], *like.args[1:]], type=like.type)
    if kind in COMPARISONS:
        text = f"{_side(parts[0])} {COMPARE_SYMBOLS[kind]} {_side(parts[1])}"
        return OpaqueExpr(span, text, list(parts), type=ScalarType("BOOL"))
    if kind in ("and", "or"):
        text = f"{_side(parts[0], kind)} {kind} {_side(parts[1], kind)}"
        return OpaqueExpr(span, text, list(parts), type=ScalarType("BOOL"))
    raise ValueError(kind)


def _side(expr: Expr, within: str = "") -> str:
    """An operand of a comparison (or of `and`/`or`): arithmetic binds tighter than
    both; a comparison needs no parentheses under `and`/`or`, an `or` under `and` does."""
    text = format_expr(expr)
    inner = kind_of(expr)
    if not within and (inner in COMPARISONS or inner in ("and", "or", "not")):
        return f"({text})"
    if within == "and" and inner == "or":
        return f"({text})"
    return text


def const_of(expr: Expr) -> int | float | bool | None:
    """The value of a constant node (None if `expr` is not one)."""
    if isinstance(expr, Const) and isinstance(expr.value, (bool, int, float)):
        return expr.value
    return None


def dtype_of(expr: Expr) -> str | None:
    return expr.type.dtype if isinstance(expr.type, ScalarType) else None
