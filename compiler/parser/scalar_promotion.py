"""The IR's scalar binary operators promote their operands to one dtype (include/pypto/ir/
scalar_expr.h, `PromoteBinaryOperands`): the wider of two ints (or of two floats), the left
one when as wide; an operand of another dtype is wrapped in a cast, printed
`pl.cast(x, pl.INDEX)`, except between INDEX and INT64 (one representation, no cast).

`ctx_len - 1` with `ctx_len` an INT32 scalar is `pl.cast(ctx_len, pl.INDEX) - 1`, an
INDEX scalar. Operands of unknown dtype, of different categories (an int and a float,
which the real constructor refuses) or BOOL are left as they are: not modelled.
"""

from __future__ import annotations

from compiler.base.span import Span
from compiler.ir import SCALAR_CAST_OP, Call, Expr, OpaqueExpr, ScalarType
from compiler.ops.type_inference import dtype_bits, is_float_dtype, is_int_dtype

_SAME_REPRESENTATION = frozenset({"INDEX", "INT64"})


def promoted_dtype(lhs: Expr, rhs: Expr) -> str | None:
    """The dtype both operands are promoted to; None when not modelled."""
    left = lhs.type.dtype if isinstance(lhs.type, ScalarType) else None
    right = rhs.type.dtype if isinstance(rhs.type, ScalarType) else None
    if left is None or right is None:
        return None
    same_category = (is_int_dtype(left) and is_int_dtype(right)) or (
        is_float_dtype(left) and is_float_dtype(right)
    )
    if not same_category:
        return None
    return right if dtype_bits(right) > dtype_bits(left) else left


def cast_to(expr: Expr, dtype: str) -> Expr:
    """`MaybeCast`: `expr` as an operand of dtype `dtype`."""
    own = expr.type.dtype if isinstance(expr.type, ScalarType) else None
    if own is None or own == dtype or {own, dtype} == _SAME_REPRESENTATION:
        return expr
    span: Span = expr.span
    return Call(span, SCALAR_CAST_OP, [expr, OpaqueExpr(span, f"pl.{dtype}")], type=ScalarType(dtype))
