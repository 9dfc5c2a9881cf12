"""Row and column broadcasts of tiles (`pl.tile.row_expand_mul`, `pl.tile.col_expand`,
`pl.tile.expands`, ...): the wrappers, their IR builders and the deductions of
src/ir/op/tile_ops/broadcast.cpp. A result has the main tile's shape, valid shape and
layout."""

from __future__ import annotations

from typing import Any

from compiler.ir import Expr, IRType, ScalarType, TileType
from compiler.ops.call import OpCall
from compiler.ops.checks import check, dtype_among, expect, known, known_type, rule
from compiler.ops.registry import wrapper
from compiler.ops.result_views import tile_result
from compiler.ops.type_inference import dtype_text, promote_dtypes, shape_text, static_int
from compiler.ops.wrapping import (
    Arg,
    build,
    ir_scalar,
    normalize_scalar_operand,
    unwrap,
    unwrap_if,
    unwrap_optional,
)

_ROW_EXPAND = ("row_expand", "row_expand_sub", "row_expand_div", "row_expand_mul", "row_expand_max",
               "row_expand_min", "row_expand_expdif")  # fmt: skip
_COL_EXPAND = ("col_expand", "col_expand_mul", "col_expand_add", "col_expand_div", "col_expand_sub",
               "col_expand_max", "col_expand_min", "col_expand_expdif")  # fmt: skip
_ROW_EXPAND_ADD_DTYPES = frozenset({"INT8", "INT16", "INT32", "FP16", "FP32"})


def _tiles(call: OpCall, op: str) -> tuple[TileType, TileType, list[Expr | None]]:
    first = unwrap(call, call.param(0))
    second = unwrap(call, call.param(1))
    tile = expect(
        known_type(first), TileType, f"The operator {op} requires first argument to be a TileType, but got "
    )
    vec = expect(
        known_type(second), TileType, f"The operator {op} requires second argument to be a TileType, but got "
    )
    return tile, vec, [first, second]


def at_least_2d(op: str, first: tuple | None, second: tuple | None) -> None:
    """Both operands of a row/column broadcast have rank >= 2 (where known)."""
    for which, shape in (("first", first), ("second", second)):
        if shape is not None:
            check(
                len(shape) >= 2,
                f"The operator {op} requires {which} argument to have at least 2 dimensions, but got "
                f"{len(shape)} dimensions",
            )


def row_expand_add_dtypes(op: str, dtype: str, vec_dtype: str) -> None:
    """`row_expand_add`: one dtype, of {INT8, INT16, INT32, FP16, FP32}."""
    check(
        dtype == vec_dtype,
        f"The operator {op} requires src0 and src1 to have the same dtype, but got "
        f"{dtype_text(dtype)} and {dtype_text(vec_dtype)}",
    )
    dtype_among(
        dtype,
        _ROW_EXPAND_ADD_DTYPES,
        f"The operator {op} requires dtype in {{INT8, INT16, INT32, FP16, FP32}}, but got ",
    )


def expands_operands(call: OpCall, kind: type, op: str, *, scalar_first: bool) -> tuple[Any, Expr, Any, Arg]:
    """`expands(target, scalar)`: both unwrapped (in the wrapper's order), the scalar
    re-typed to the target's dtype (an int literal), then the deduction's class checks.
    (the target's type, its expression, the scalar's type, the scalar as held)."""
    if scalar_first:
        scalar = unwrap_if(call, call.param(1), frozenset({"Scalar"}))
        target = unwrap(call, call.param(0))
    else:
        target = unwrap(call, call.param(0))
        scalar = unwrap_if(call, call.param(1), frozenset({"Scalar"}))
    known(scalar)
    assert scalar is not None
    target_type = known_type(target)
    scalar_type = normalize_scalar_operand(target_type, scalar, fallback_int="FP32")
    found = expect(
        target_type, kind, f"The operator {op} requires first argument to be a {kind.ir_class_name}, but got "
    )
    known(scalar_type)
    s = expect(
        scalar_type, ScalarType, f"The operator {op} requires second argument to be a ScalarType, but got "
    )
    return found, target, s, scalar  # type: ignore[return-value]


def row_vector_checks(tile_shape: tuple | None, row_shape: tuple | None, op: str, level: str) -> None:
    """The row vector's last dim is a constant 1; constant row counts agree."""
    if row_shape is None:
        return
    last = static_int(row_shape[-1])
    text = shape_text(row_shape)
    if last is not None and text is not None:
        check(
            last == 1, f"The operator {op} requires second argument's last dimension to be 1, but got {text}"
        )
    if tile_shape is None:
        return
    rows, vec_rows = static_int(tile_shape[-2]), static_int(row_shape[-2])
    if rows is not None and vec_rows is not None:
        check(
            rows == vec_rows,
            f"The operator {op} requires matching row dimensions, but got {level} rows={rows} and "
            f"row_vec rows={vec_rows}",
        )


@wrapper(*(f"tile.{name}" for name in _ROW_EXPAND))
@rule
def row_expand(call: OpCall) -> IRType | None:
    """`DeduceTileRowExpandType`: the tile's shape, the promoted dtype."""
    op = f"tile.{call.name}"
    tile, vec, args = _tiles(call, op)
    at_least_2d(op, tile.shape, vec.shape)
    row_vector_checks(tile.shape, vec.shape, op, "tile")
    build(call, op, args)
    return tile_result(tile, tile.shape, promote_dtypes(tile.dtype, vec.dtype))


@wrapper("tile.row_expand_add")
@rule
def row_expand_add(call: OpCall) -> IRType | None:
    """`DeduceTileRowExpandAddType`: one dtype of {INT8, INT16, INT32, FP16, FP32}; the
    wrapper unwraps the optional `tmp` first. Its layout checks (src0 row-major, src1's
    valid columns one 32-byte block, or 1 when it is not row-major) come in between and
    need views: with an unknown view the call is not judged past the dtype checks."""
    tmp = unwrap_optional(call, 2)
    op = "tile.row_expand_add"
    tile, vec, args = _tiles(call, op)
    if tmp is not None:
        expect(
            known_type(tmp),
            TileType,
            f"The operator {op} requires optional third argument tmp to be a TileType, but got ",
        )
    at_least_2d(op, tile.shape, vec.shape)
    from compiler.ir.views import effective_tile_view

    tile_view, vec_view = effective_tile_view(tile), effective_tile_view(vec)
    if tile_view is None:
        return None
    check(
        tile_view.blayout == "row_major", f"The operator {op} requires src0 effective blayout to be row_major"
    )
    if tile.dtype is None or vec.dtype is None:
        return None
    row_expand_add_dtypes(op, tile.dtype, vec.dtype)
    if vec_view is None:
        return None
    tile_valid, vec_valid = tile_view.valid_shape, vec_view.valid_shape
    tile_text, vec_text = shape_text(tile_valid), shape_text(vec_valid)
    rows, vec_rows = static_int(tile_valid[-2]), static_int(vec_valid[-2])
    if tile_text is None or vec_text is None or rows is None or vec_rows is None:
        return None
    check(
        rows == vec_rows,
        f"The operator {op} requires src1 valid row extent to match src0/dst, but got src0 valid_shape "
        f"{tile_text} and src1 valid_shape {vec_text}",
    )
    row_major = vec_view.blayout == "row_major"
    expected = 32 // {"INT8": 1, "INT16": 2, "INT32": 4, "FP16": 2, "FP32": 4}[vec.dtype] if row_major else 1
    cols = static_int(vec_valid[-1])
    if cols is None:
        return None
    check(
        cols == expected,
        f"The operator {op} requires {'row-major' if row_major else 'non-row-major'} src1 valid last dimension "
        f"to be {expected}, but got valid_shape {vec_text}",
    )
    build(call, op, args if tmp is None else [*args, tmp])
    return tile_result(tile, tile.shape, tile.dtype)


@wrapper(*(f"tile.{name}" for name in _COL_EXPAND))
@rule
def col_expand(call: OpCall) -> IRType | None:
    """`DeduceTileColExpandType`: no shape check; the target's shape, the promoted dtype."""
    op = f"tile.{call.name}"
    tile, vec, args = _tiles(call, op)
    build(call, op, args)
    return tile_result(tile, tile.shape, promote_dtypes(tile.dtype, vec.dtype))


@wrapper("tile.expands")
@rule
def expands(call: OpCall) -> IRType | None:
    """`tile.expands(target, scalar)`: the scalar re-typed to the target's dtype (an int
    literal) before `DeduceTileExpandScalarType` promotes the two."""
    op = "tile.expands"
    tile, target, s, scalar = expands_operands(call, TileType, op, scalar_first=True)
    build(call, op, [target, ir_scalar(scalar, s)])
    return tile_result(tile, tile.shape, promote_dtypes(tile.dtype, s.dtype))
