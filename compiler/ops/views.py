"""The view of a result whose rule computed none.

A rule that ports the real deduction computes the result's view (its valid shape and
layout); one that does not leaves it unknown, and nothing later trusts it. Between
the two, one case is settled without the rule: every real deduction keeps a result
fully valid when all its Tile/Tensor operands are fully valid with the result's own
shape (elementwise, unary, cast, matmul of square operands ...), unless the op
narrows the valid region by an argument of its own (a `valid_shape`, valid rows or
columns, a clamp). The result then has no view of its own, as the real one has.
"""

from __future__ import annotations

from dataclasses import replace

from compiler.ir import Expr, IRType, TensorType, TileType
from compiler.ir.types import UnknownView
from compiler.ir.views import dims_equal
from compiler.ops.call import OpCall

__all__ = ["fully_valid_result"]

# Wrapper parameters that narrow the valid region of a result.
_NARROWING = frozenset(
    {"valid_shape", "valid_shapes", "valid_rows", "valid_cols", "valid_row", "valid_col", "clamp"}
)


def fully_valid_result(call: OpCall, result: IRType) -> IRType:
    if not isinstance(result, (TileType, TensorType)) or not isinstance(result.view, UnknownView):
        return result
    if result.shape is None or _NARROWING.intersection(call.params):
        return result
    operands = [value.type for value in call.values.values() if isinstance(value, Expr)]
    shaped = [t for t in operands if isinstance(t, (TileType, TensorType))]
    if not shaped:
        return result
    for operand in shaped:
        if operand.view is not None or operand.shape is None or not dims_equal(operand.shape, result.shape):
            return result
        if isinstance(operand, TensorType) and operand.layout not in (None, "ND"):
            return result
    return replace(result, view=None)
