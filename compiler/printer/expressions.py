"""IR expressions as DSL text, with the fewest parentheses Python's precedence allows.

Ops print fully qualified (`pl.tensor.add`, `pl.tile.load`), as the real printer
does; a unified op whose level the parser could not tell keeps its `pl.add`
spelling. Subscript sugar (`x[r:r + 64, :]`) prints as written, because the IR
keeps it unexpanded (see `SubscriptIndex`).
"""

from __future__ import annotations

import ast
import keyword
import math
from typing import Any

from compiler.ir import (
    BinaryExpr,
    Call,
    Const,
    Expr,
    MakeTuple,
    OpaqueExpr,
    ScalarType,
    Slice,
    SubscriptIndex,
    TupleGetItem,
    UnaryExpr,
    Var,
)
from compiler.printer.special_calls import special_call
from compiler.printer.values import format_attr_dict, format_attr_value, format_literal
from compiler.printer.var_names import printed_name, respelled

# Python's binding strength, weakest first; an operand weaker than its operator needs parentheses.
_LAMBDA, _TERNARY, _OR, _AND, _NOT, _COMPARE = 0, 1, 2, 3, 4, 5
_BITOR, _BITXOR, _BITAND, _SHIFT, _ADD, _MUL, _UNARY, _POW, _ATOM = 6, 7, 8, 9, 10, 11, 12, 13, 14

_BINARY: dict[str, tuple[str, int]] = {
    "add": ("+", _ADD),
    "sub": ("-", _ADD),
    "mul": ("*", _MUL),
    "div": ("/", _MUL),
    "floordiv": ("//", _MUL),
    "mod": ("%", _MUL),
    "pow": ("**", _POW),
    "shl": ("<<", _SHIFT),
    "shr": (">>", _SHIFT),
    "bitand": ("&", _BITAND),
    "bitor": ("|", _BITOR),
    "bitxor": ("^", _BITXOR),
    # Built by passes (CtrlFlowTransform's loop guard); the parser keeps comparisons as text.
    "lt": ("<", _COMPARE),
    "gt": (">", _COMPARE),
    "and": ("and", _AND),
}
_UNARY_OPS = {"neg": ("-", _UNARY), "pos": ("+", _UNARY), "bit_not": ("~", _UNARY), "not": ("not ", _NOT)}

# Precedence of the source text an `OpaqueExpr` keeps, by its outermost Python node.
_AST_PRECEDENCE: dict[type[ast.AST], int] = {
    ast.Lambda: _LAMBDA,
    ast.IfExp: _TERNARY,
    ast.Compare: _COMPARE,
    ast.NamedExpr: _LAMBDA,
}
_AST_BINARY: dict[type[ast.operator], int] = {
    ast.Add: _ADD,
    ast.Sub: _ADD,
    ast.Mult: _MUL,
    ast.MatMult: _MUL,
    ast.Div: _MUL,
    ast.FloorDiv: _MUL,
    ast.Mod: _MUL,
    ast.Pow: _POW,
    ast.LShift: _SHIFT,
    ast.RShift: _SHIFT,
    ast.BitAnd: _BITAND,
    ast.BitOr: _BITOR,
    ast.BitXor: _BITXOR,
}
# Default dtypes of bare literals: any other dtype is a `pl.const(value, dtype)`.
_LITERAL_DTYPES = {bool: "BOOL", int: "INDEX", float: "FP32"}
_SUBSCRIPT_OPS = frozenset({"tensor.slice", "tile.slice", "tensor.read", "tile.read"})


def format_expr(expr: Expr) -> str:
    return _format(expr)[0]


def format_op_name(op: str) -> str:
    """`tensor.add` -> `pl.tensor.add`; `self.k`, `pl.add` and bare function names stay.
    An op whose leaf is a Python keyword (`tile.and`) is spelled as its wrapper is
    (`pl.tile.and_`), as the real printer does."""
    if op.startswith(("self.", "pl.")) or "." not in op:
        return op
    if keyword.iskeyword(op.rpartition(".")[2]):
        return f"pl.{op}_"
    return f"pl.{op}"


def format_subscript(base: Expr, index: SubscriptIndex) -> str:
    """`base[i, a:b]` from subscript sugar."""
    return f"{_operand(base, _ATOM)}[{', '.join(_index_item(item) for item in index.items)}]"


def format_kwarg_value(key: str, value: Any) -> str:
    if key == "attrs" and isinstance(value, list):
        return format_attr_dict(value, format_expr)
    if isinstance(value, str):  # an op's string kwarg prints single-quoted (`mode='round'`)
        return f"'{value}'"
    return format_attr_value(value, format_expr)


def _format(expr: Expr, typed: bool = False) -> tuple[str, int]:
    """The text of `expr` and how strongly it binds; `typed`: inside an arithmetic of
    integer constants only, whose INDEX constants the real printer writes as
    `pl.const(v, pl.INDEX)` (so that reading it back keeps the unfolded tree)."""
    if isinstance(expr, Var):
        return printed_name(expr), _ATOM
    if isinstance(expr, Const):
        return _const(expr, typed)
    if isinstance(expr, Call):
        return _call(expr), _ATOM
    if isinstance(expr, MakeTuple):  # SubscriptIndex too, should one stand alone
        return "[" + ", ".join(_index_item(item) for item in expr.items) + "]", _ATOM
    if isinstance(expr, TupleGetItem):
        return f"{_operand(expr.tuple_expr, _ATOM)}[{expr.index}]", _ATOM
    if isinstance(expr, BinaryExpr):
        return _binary(expr, typed or _integer_constants_only(expr))
    if isinstance(expr, UnaryExpr):
        symbol, strength = _UNARY_OPS.get(expr.op, ("-", _UNARY))
        # strict: `-(-1e+20)`, since `--1e+20` reads back as two negations of 1e+20
        return symbol + _operand(expr.operand, strength, strict=True), strength
    if isinstance(expr, OpaqueExpr):
        text = respelled(expr.text, expr.operands) if expr.operands else expr.text
        return text, _source_precedence(text)
    if isinstance(expr, Slice):
        return _index_item(expr), _LAMBDA
    # Fail loudly rather than drop what a new node means (the real printer does the same).
    raise TypeError(f"the printer has no DSL spelling for {type(expr).__name__}")


def _operand(expr: Expr, strength: int, *, strict: bool = False, typed: bool = False) -> str:
    """`expr` as an operand of an operator of `strength`; `strict`: equal strength needs
    parentheses too (the right side of a left-associative operator)."""
    text, own = _format(expr, typed)
    if own < strength or (strict and own == strength):
        return f"({text})"
    return text


def _binary(expr: BinaryExpr, typed: bool) -> tuple[str, int]:
    symbol, strength = _BINARY.get(expr.op, (expr.op, _ADD))
    if expr.op == "pow":  # right-associative, and its right operand may be a unary (`2 ** -3`)
        lhs = _operand(expr.lhs, strength, strict=True, typed=typed)
        return f"{lhs} ** {_operand(expr.rhs, _UNARY, typed=typed)}", strength
    lhs = _operand(expr.lhs, strength, typed=typed)
    rhs = _operand(expr.rhs, strength, strict=True, typed=typed)
    return f"{lhs} {symbol} {rhs}", strength


def _integer_constants_only(expr: Expr) -> bool:
    """An arithmetic whose leaves are all integer constants (a pass made it: the parser
    folds one it reads, UnrollLoops leaves `0 * 16` for `i * 16`)."""
    if isinstance(expr, BinaryExpr):
        return _integer_constants_only(expr.lhs) and _integer_constants_only(expr.rhs)
    return isinstance(expr, Const) and type(expr.value) is int


def _const(const: Const, typed: bool = False) -> tuple[str, int]:
    value = const.value
    if typed and type(value) is int and _LITERAL_DTYPES[int] == _dtype_of(const):
        return f"pl.const({value}, pl.INDEX)", _ATOM
    # A float prints with the 17 significant digits of the real `FormatFloatLiteral`.
    text = _float_literal(value) if isinstance(value, float) else format_literal(value)
    if isinstance(value, float) and not math.isfinite(value):
        text = f"float({format_literal(text)})"
    default = _LITERAL_DTYPES.get(type(value))
    dtype = const.type.dtype if isinstance(const.type, ScalarType) else default
    if isinstance(const.type, ScalarType) and (value is None or dtype != default):
        # `pl.const(value, dtype)`: a literal whose dtype is not the bare literal's.
        return (f"pl.const({text}, pl.{dtype})" if dtype else f"pl.const({text})"), _ATOM
    negative = isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0
    return text, _UNARY if negative else _ATOM


def _dtype_of(const: Const) -> str:
    return const.type.dtype if isinstance(const.type, ScalarType) else _LITERAL_DTYPES[int]


def _float_literal(value: float) -> str:
    """`FormatFloatLiteral`: `%.17g`, with `.0` added to a finite value that shows no
    point or exponent (`0.10000000000000001`, `2.0`, `1e+20`)."""
    if not math.isfinite(value):
        return repr(value)
    text = f"{value:.17g}"
    return text if any(c in text for c in ".eE") else f"{text}.0"


def _call(call: Call) -> str:
    special = special_call(call, format_expr)
    if special is not None:
        return special
    index = call.args[1] if len(call.args) == 2 else None
    if call.op in _SUBSCRIPT_OPS and isinstance(index, SubscriptIndex) and not call.kwargs:
        return format_subscript(call.args[0], index)
    parts = [format_expr(arg) for arg in call.args]
    if call.op == "tensor.assemble" and len(call.args) == 3 and isinstance(call.args[2], SubscriptIndex):
        # `dst[...] = src` after ConvertToSSA made it a new version of dst: no longer
        # sugar, the assemble with the window's offsets, as the real parser builds it.
        parts[2] = _window_offsets(call.args[2], call.args[0].type)
    parts += [_kwarg(call.op, key, value) for key, value in call.kwargs.items()]
    return f"{format_op_name(call.op)}({', '.join(parts)})"


def _kwarg(op: str, key: str, value: Any) -> str:
    if key == "predicate" and op in _SUBMIT_OPS and isinstance(value, Expr):
        return f"predicate=({format_expr(value)})"  # a dispatch predicate, always parenthesized
    return f"{key}={format_kwarg_value(key, value)}"


_SUBMIT_OPS = frozenset({"pl.submit", "pl.spmd_submit"})


def _window_offsets(index: SubscriptIndex, target: object) -> str:
    """The offsets of a subscript's window: each slice's lower bound (0 when left out),
    each integer index itself, 0 for each dimension past the subscript's."""
    offsets = [
        (format_expr(item.lower) if item.lower is not None else "0")
        if isinstance(item, Slice)
        else format_expr(item)
        for item in index.items
    ]
    shape = getattr(target, "shape", None)
    if shape is not None:
        offsets += ["0"] * (len(shape) - len(offsets))
    return "[" + ", ".join(offsets) + "]"


def _index_item(item: Expr) -> str:
    if not isinstance(item, Slice):
        return format_expr(item)
    parts = [format_expr(part) if part is not None else "" for part in (item.lower, item.upper)]
    text = ":".join(parts)
    return f"{text}:{format_expr(item.step)}" if item.step is not None else text


def _source_precedence(text: str) -> int:
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return _LAMBDA
    if isinstance(node, ast.BoolOp):
        return _AND if isinstance(node.op, ast.And) else _OR
    if isinstance(node, ast.BinOp):
        return _AST_BINARY.get(type(node.op), _LAMBDA)
    if isinstance(node, ast.UnaryOp):
        return _NOT if isinstance(node.op, ast.Not) else _UNARY
    return _AST_PRECEDENCE.get(type(node), _ATOM)
