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
from compiler.ir.types import TileView, UnknownView
from compiler.ir.views import canonical_tile_view, dims_equal
from compiler.ops.call import OpCall

__all__ = ["fully_valid_result", "input_memory", "tile_result"]

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


def tile_result(
    shape: tuple | None,
    dtype: str | None,
    view: TileView | UnknownView | None,
    memory: str | None = None,
    output_memory: str | None = None,
) -> TileType:
    """The `TileType` a deduction builds (`std::make_shared<TileType>(shape, dtype,
    nullopt, view, memory)`): its view canonicalized against `memory`; then, when the
    deduction left no memory space, the op's registered output memory (`OpRegistry::
    Create`), which canonicalizes the view again against that space."""
    if isinstance(view, TileView) and shape is not None:
        view = canonical_tile_view(view, shape, memory)
        if memory is None and output_memory is not None:
            view = canonical_tile_view(view, shape, output_memory)
    return TileType(shape, dtype, memory or output_memory, view)


def input_memory(*operands: IRType | None) -> str | None:
    """`set_output_memory_inherit_input`: the first tile operand's memory space."""
    for operand in operands:
        if isinstance(operand, TileType) and operand.memory is not None:
            return operand.memory
    return None
