"""The views the element-wise, unary, reduction and broadcast deductions give their
results (include/pypto/ir/type_inference.h): a tile result takes a source's valid
shape and inherits its effective layout, pad and compact mode (`InheritTileViewLayout`),
or gets a layout of its own (the reductions); a tensor result is fresh
(`MakeFreshTensorType`: the valid shape only) or has no view. Canonicalized as the
real constructors do; unknown wherever a source's view is."""

from __future__ import annotations

from typing import Any

from compiler.ir import UNKNOWN_VIEW, TensorType, TensorView, TileType, TileView, UnknownView
from compiler.ir.views import canonical_tensor_view, canonical_tile_view, effective_tile_view

VEC = "Vec"


def tile_result(
    src: TileType,
    shape: tuple[Any, ...] | None,
    dtype: str | None,
    *,
    valid: tuple[Any, ...] | None = None,
    pad: str | None = None,
    memory: str = VEC,
) -> TileType:
    """A Vec tile of `shape` whose view holds `valid` (default: `src`'s valid shape) and
    `src`'s effective layout (`pad` overrides its pad mode)."""
    return TileType(shape, dtype, memory, inherited_view(src, shape, valid=valid, pad=pad, memory=memory))


def inherited_view(
    src: TileType,
    shape: tuple[Any, ...] | None,
    *,
    valid: tuple[Any, ...] | None = None,
    pad: str | None = None,
    memory: str = VEC,
) -> TileView | UnknownView | None:
    effective = effective_tile_view(src)
    if effective is None or shape is None or "?" in shape:
        return UNKNOWN_VIEW
    view = TileView(
        valid_shape=tuple(valid if valid is not None else effective.valid_shape),
        blayout=effective.blayout,
        slayout=effective.slayout,
        pad=pad if pad is not None else effective.pad,
        compact=effective.compact,
    )
    return canonical_tile_view(view, shape, memory)


def own_layout_view(
    shape: tuple[Any, ...] | None, valid: tuple[Any, ...] | None, blayout: str
) -> TileView | UnknownView | None:
    """A reduction's result view: its valid shape and a layout of its own."""
    if shape is None or valid is None or "?" in shape:
        return UNKNOWN_VIEW
    return canonical_tile_view(TileView(valid_shape=valid, blayout=blayout), shape, VEC)


def fresh_tensor(
    shape: tuple[Any, ...] | None, dtype: str | None, valid: tuple[Any, ...] | None
) -> TensorType:
    """`MakeFreshTensorType(shape, dtype, valid)`; an unknown valid shape: an unknown view."""
    if shape is None or valid is None:
        return TensorType(shape, dtype)
    return TensorType(shape, dtype, view=canonical_tensor_view(TensorView(valid_shape=valid), shape, None))


def plain_tensor(shape: tuple[Any, ...] | None, dtype: str | None) -> TensorType:
    """`std::make_shared<TensorType>(shape, dtype)`: no view."""
    return TensorType(shape, dtype, view=None)
