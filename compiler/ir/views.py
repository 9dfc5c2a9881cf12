"""What the views of the real types mean (include/pypto/ir/tile_view_semantics.h and
the canonicalization of src/ir/type.cpp): the layout a tile implicitly has in a memory
space, when a view says nothing the absence of a view would not, and the valid shape a
type carries.

Dims compare as the real `AreExprsEqual` compares them: ints (`ConstInt`) by value,
symbol names by name, any other expression by identity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from compiler.ir.types import UNKNOWN_VIEW, Dim, TensorType, TensorView, TileType, TileView, UnknownView

__all__ = [
    "DEFAULT_FRACTAL",
    "canonical_tensor_view",
    "canonical_tile_view",
    "dims_equal",
    "effective_tile_view",
    "implicit_tile_layout",
    "valid_shape",
]

DEFAULT_FRACTAL = 512
_ACC_FRACTAL = 1024
_MX_SCALE_FRACTAL = 32


def dims_equal(a: Sequence[Dim], b: Sequence[Dim]) -> bool:
    """`AreExprVectorsEqual` (`ShapeExprListsEquivalent`) on our dims."""
    return len(a) == len(b) and all(_dim_equal(x, y) for x, y in zip(a, b))


def _dim_equal(a: Dim, b: Dim) -> bool:
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return a == b and a != "?"
    return a is b


def implicit_tile_layout(shape: Sequence[Dim], memory: str | None) -> tuple[str, str, int]:
    """`GetImplicitTileLayout`: (blayout, slayout, fractal) of a tile of `shape` in `memory`."""
    rows, cols = (shape[0], shape[1]) if len(shape) == 2 else (None, None)
    column = isinstance(rows, int) and isinstance(cols, int) and cols == 1 and rows > 1
    blayout = "col_major" if column else "row_major"
    slayout = "none_box"
    fractal = DEFAULT_FRACTAL
    if memory in ("LeftScale", "RightScale"):
        fractal = _MX_SCALE_FRACTAL
    elif memory == "Acc":
        fractal = _ACC_FRACTAL
    if memory in ("Mat", "Left", "Acc"):
        blayout, slayout = "col_major", "row_major"
    elif memory == "Right":
        slayout = "col_major"
    elif memory == "LeftScale":
        blayout, slayout = "row_major", "row_major"
    elif memory == "RightScale":
        blayout, slayout = "col_major", "col_major"
    return blayout, slayout, fractal


def implicit_tile_view(shape: Sequence[Dim], memory: str | None) -> TileView:
    """`GetImplicitTileView`."""
    blayout, slayout, fractal = implicit_tile_layout(shape, memory)
    return TileView(valid_shape=tuple(shape), blayout=blayout, slayout=slayout, fractal=fractal)


def canonical_tile_view(view: TileView | None, shape: Sequence[Dim], memory: str | None) -> TileView | None:
    """`CanonicalizeTileViewInPlace`, which the real `TileType` constructor applies: a
    valid shape equal to the shape is dropped, and a view then equal to the implicit
    one is no view (None)."""
    if view is None:
        return None
    if view.valid_shape and dims_equal(view.valid_shape, shape):
        view = replace(view, valid_shape=())
    if view.stride or view.start_offset is not None or view.pad != "null" or view.compact != "null":
        return view
    if view.valid_shape:
        return view
    if (view.blayout, view.slayout, view.fractal) == implicit_tile_layout(shape, memory):
        return None
    return view


def canonical_tensor_view(
    view: TensorView | None, shape: Sequence[Dim], layout: str | None
) -> TensorView | None:
    """`CanonicalizeTensorViewInPlace`: the layout lives on the type (`TensorType.layout`),
    so what is left is no view when it says nothing (None)."""
    if view is None:
        return None
    if view.valid_shape and dims_equal(view.valid_shape, shape):
        view = replace(view, valid_shape=())
    if not view.stride and not view.valid_shape and view.pad == "null":
        return None
    return view


def effective_tile_view(tile: TileType) -> TileView | None:
    """`GetEffectiveTileView`: the view with the whole shape written out and an absent
    view's implicit layout; None when the view or the shape is not known."""
    if isinstance(tile.view, UnknownView) or tile.shape is None:
        return None
    if tile.view is None:
        return implicit_tile_view(tile.shape, tile.memory)
    if tile.view.valid_shape:
        return tile.view
    return replace(tile.view, valid_shape=tuple(tile.shape))


def valid_shape(operand: TileType | TensorType) -> tuple[Dim, ...] | None:
    """`GetValidShape` (of a tensor: `GetEffectiveTensorValidShape`): the view's valid
    shape, else the shape; None when it is not known."""
    if isinstance(operand.view, UnknownView) or operand.shape is None:
        return None
    if operand.view is not None and operand.view.valid_shape:
        return operand.view.valid_shape
    return tuple(operand.shape)


def is_unknown(view: object) -> bool:
    return view is UNKNOWN_VIEW
