"""Row and column reductions of tiles (`pl.tile.row_sum`, `pl.tile.col_max`,
`pl.tile.row_argmax`, ...): the wrappers, their IR builders and the deductions of
src/ir/op/tile_ops/reduction.cpp."""

from __future__ import annotations

from typing import Any

from compiler.ir import IRType, TileType
from compiler.ir.views import effective_tile_view, valid_shape
from compiler.ops.call import OpCall, OpError
from compiler.ops.checks import check, expect, known_type, rule
from compiler.ops.registry import wrapper
from compiler.ops.result_views import own_layout_view
from compiler.ops.type_inference import dims_equal, dtype_text, shape_text, static_int
from compiler.ops.wrapping import build, unwrap, unwrap_optional

VEC = "Vec"
_ROW = ("row_sum", "row_max", "row_min", "row_prod", "row_argmax", "row_argmin")
_COL_ONE = ("col_max", "col_min", "col_prod")
_ROW_MIN_DTYPES = frozenset({"INT16", "INT32", "FP16", "FP32"})


def check_non_empty(valid: tuple[Any, ...] | None, op: str) -> None:
    """`CheckReductionInputNonEmpty`: no axis of the input's valid region provably 0."""
    if valid is None:
        return
    for i, extent in enumerate(valid):
        if static_int(extent) == 0:
            text = shape_text(valid)
            if text is None:
                return
            raise OpError(
                f"{op}: input valid extent on axis {i} is 0 (valid_shape {text}), so the reduction has no real "
                "data to consume. The backend reduction kernels require a non-empty valid region on every axis "
                "and assert on an empty one, and an empty region also leaves max/min with no value to return. "
                "Widen the valid region, or guard the reduction so it does not run when the axis can be empty."
            )


def _at_least_2d(tile: TileType, op: str) -> None:
    if tile.shape is not None:
        check(
            len(tile.shape) >= 2,
            f"The operator {op} requires at least a 2D tile, but got {len(tile.shape)} dimensions",
        )


def _check_tmp(tile: TileType, tmp: TileType, op: str, *, exact: bool) -> None:
    """The row reductions' scratch tile: the input's dtype and rank, and each dim at
    least the input's (exactly it for argmax / argmin)."""
    if tmp.dtype is not None and tile.dtype is not None:
        check(
            tmp.dtype == tile.dtype,
            f"The operator {op} requires tmp_tile dtype to match input dtype, but got tmp_tile dtype "
            f"{dtype_text(tmp.dtype)} and input dtype {dtype_text(tile.dtype)}",
        )
    tmp_text, input_text = shape_text(tmp.shape), shape_text(tile.shape)
    if tmp.shape is None or tile.shape is None or tmp_text is None or input_text is None:
        return
    check(
        len(tmp.shape) == len(tile.shape),
        f"The operator {op} requires tmp_tile to have the same rank as the input, but got tmp_tile shape "
        f"{tmp_text} and input shape {input_text}",
    )
    for i, (x, t) in enumerate(zip(tile.shape, tmp.shape)):
        if exact:
            check(
                dims_equal(x, t),
                f"The operator {op} requires tmp_tile shape to exactly match the input shape, but dimension {i} "
                f"differs; got tmp_tile shape {tmp_text} and input shape {input_text}",
            )
        elif static_int(x) is not None and static_int(t) is not None:
            check(
                t >= x,
                f"The operator {op} requires tmp_tile shape to be at least the input shape in every dimension, "
                f"but tmp_tile dimension {i} is undersized; got tmp_tile shape {tmp_text} and input shape "
                f"{input_text}",
            )


def deduce_row(input_type: IRType | None, tmp_type: IRType | None, op: str, *, arg: bool) -> TileType:
    """`DeduceTileRowReductionType`: [..., rows, 1] (INT32 for argmax / argmin), a
    column-major view of the input's valid rows."""
    tile = expect(
        input_type, TileType, f"The operator {op} requires first argument to be a TileType, but got "
    )
    _at_least_2d(tile, op)
    tmp = expect(tmp_type, TileType, f"The operator {op} requires tmp_tile to be a TileType, but got ")
    _check_tmp(tile, tmp, op, exact=arg)
    valid = valid_shape(tile)
    check_non_empty(valid, op)
    shape = (*tile.shape[:-1], 1) if tile.shape else None
    out_valid = (*valid[:-1], 1) if valid else None
    return TileType(
        shape, "INT32" if arg else tile.dtype, VEC, own_layout_view(shape, out_valid, "col_major")
    )


def deduce_col(input_type: IRType | None, op: str, *, arg: bool = False) -> TileType:
    """`DeduceTileColReductionType`: [1, ...], a row-major view of the valid columns."""
    tile = expect(
        input_type, TileType, f"The operator {op} requires first argument to be a TileType, but got "
    )
    _at_least_2d(tile, op)
    valid = valid_shape(tile)
    check_non_empty(valid, op)
    shape = (1, *tile.shape[1:]) if tile.shape else None
    out_valid = (1, *valid[1:]) if valid else None
    return TileType(
        shape, "INT32" if arg else tile.dtype, VEC, own_layout_view(shape, out_valid, "row_major")
    )


@wrapper(*(f"tile.{name}" for name in _ROW))
@rule
def row(call: OpCall) -> IRType | None:
    tile = unwrap(call, call.param(0))
    tmp = unwrap(call, call.param(1))
    op = f"tile.{call.name}"
    out = deduce_row(known_type(tile), known_type(tmp), op, arg=call.name in ("row_argmax", "row_argmin"))
    if call.name == "row_min":
        _row_min_input(known_type(tile), out.dtype)
    build(call, op, [tile, tmp])
    return out


def _row_min_input(input_type: IRType | None, dtype: str | None) -> None:
    """tile.row_min: an input dtype of {INT16, INT32, FP16, FP32}, then an ND layout."""
    if dtype is not None:
        check(
            dtype in _ROW_MIN_DTYPES,
            f"The operator tile.row_min requires input dtype in {{INT16, INT32, FP16, FP32}}, but got "
            f"{dtype_text(dtype)}",
        )
    view = effective_tile_view(input_type) if isinstance(input_type, TileType) else None
    if view is not None:
        check(
            view.blayout == "row_major" and view.slayout == "none_box",
            f"The operator tile.row_min requires an ND input layout (blayout=row_major, slayout=none_box), "
            f"but got blayout={view.blayout}, slayout={view.slayout}",
        )


@wrapper("tile.col_sum")
@rule
def col_sum(call: OpCall) -> IRType | None:
    """`tile.col_sum(tile, tmp_tile=None)`: the wrapper unwraps `tmp_tile` first."""
    tmp = unwrap_optional(call, 1)
    source = unwrap(call, call.param(0))
    op = "tile.col_sum"
    tile = expect(
        known_type(source), TileType, f"The operator {op} requires first argument to be a TileType, but got "
    )
    if tmp is not None:
        tmp_tile = expect(
            known_type(tmp), TileType, f"The operator {op} requires tmp_tile to be a TileType, but got "
        )
        if tmp_tile.dtype is not None and tile.dtype is not None:
            check(
                tmp_tile.dtype == tile.dtype,
                f"The operator {op} requires tmp_tile dtype to match input dtype",
            )
    out = deduce_col(tile, op)
    build(call, op, [source] if tmp is None else [source, tmp])
    return out


@wrapper(*(f"tile.{name}" for name in _COL_ONE))
@rule
def col(call: OpCall) -> IRType | None:
    tile = unwrap(call, call.param(0))
    op = f"tile.{call.name}"
    out = deduce_col(known_type(tile), op)
    build(call, op, [tile])
    return out


@wrapper("tile.col_argmax", "tile.col_argmin")
@rule
def col_arg(call: OpCall) -> IRType | None:
    tile = unwrap(call, call.param(0))
    tmp = unwrap(call, call.param(1))
    op = f"tile.{call.name}"
    out = deduce_col(known_type(tile), op, arg=True)
    build(call, op, [tile, tmp])
    return out
