"""MX block-scale matrix products `pl.tile.matmul_mx`, `matmul_mx_acc`, `matmul_mx_bias`:
src/ir/op/tile_ops/matmul_mx.cpp.

FP8E4M3FN data tiles `[M, K] @ [K, N]` with FP8E8M0 scale tiles `[M, ceil(K/32)]` and
`[ceil(K/32), N]`; the PTOAS alignment (M % 16, N % 32, K % 64) is checked on constant
extents only, as the C++ does. The result is an FP32 Acc tile.
"""

from __future__ import annotations

from typing import Any

from compiler.ir import IRType, TileType
from compiler.ir.types import UNKNOWN_VIEW, TileView, UnknownView
from compiler.ir.views import valid_shape
from compiler.ops.call import OpCall, OpError, is_wrapped
from compiler.ops.operands import (
    constants_differ,
    extents_equal,
    of_kind,
    tile_result,
)
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import dtype_text, ir_type_name, static_int

_MX_DATA = "FP8E4M3FN"
_MX_SCALE = "FP8E8M0"


def _dim_match(op: str, expected: Any, actual: Any, scale: str, which: str, axis: str) -> None:
    """The C++ CheckDimMatch: both constant and different is refused."""
    e, a = static_int(expected), static_int(actual)
    if e is not None and a is not None and e != a:
        raise OpError(f"The operator {op} requires {scale} {which} {axis}={e}, but got {a}")


def _data_dtype(op: str, side: str, dtype: str) -> None:
    if dtype != _MX_DATA:
        tail = (
            f"; native FP4 matmul is not supported, so cast the FP4 {side} to FP8E4M3FN with pl.cast first"
            if dtype == "FP4"
            else ""
        )
        raise OpError(f"The operator {op} requires {side} dtype FP8E4M3FN, but got {dtype_text(dtype)}{tail}")


def _groups(k: Any) -> int | None:
    """ceil(K / 32), the scale-group count along K, for a constant K."""
    value = static_int(k)
    if value is None:
        return None
    if value <= 0:
        raise OpError(f"MX scale K must be positive, got K={value}")
    return (value + 31) // 32


def _scale_tile(
    op: str, scale: TileType | None, rows: Any, cols: Any, valid_rows: Any, valid_cols: Any, name: str
) -> bool:
    """The C++ CheckMxScaleTile; False when the scale tile's type is not known here."""
    if scale is None or scale.dtype is None or scale.shape is None:
        return False
    if scale.dtype != _MX_SCALE:
        raise OpError(f"The operator {op} requires {name} dtype FP8E8M0, but got {dtype_text(scale.dtype)}")
    if len(scale.shape) != 2:
        raise OpError(f"The operator {op} requires {name} to be 2D, but got {len(scale.shape)} dimensions")
    _dim_match(op, rows, scale.shape[0], name, "physical", "rows")
    _dim_match(op, cols, scale.shape[1], name, "physical", "cols")
    valid = valid_shape(scale)
    if valid is not None:  # (a view not known here: its valid extents are not compared)
        _dim_match(op, valid_rows, valid[0], name, "valid", "rows")
        _dim_match(op, valid_cols, valid[1], name, "valid", "cols")
    return True


def _scale_operand(call: OpCall, param: str, op: str, name: str) -> TileType | None:
    """A scale operand as CheckMxScaleTile reads it (its message names no class)."""
    found = call.type_of(param)
    if isinstance(found, TileType):
        return found
    if ir_type_name(found) is None or not is_wrapped(call.expr(param)):
        return None
    raise OpError(f"The operator {op} requires {name} to be a TileType")


def _valid_k(op: str, k_lhs: Any, k_rhs: Any, lhs_valid: Any, rhs_valid: Any) -> None:
    """Valid K: equal on both sides, positive, and of as many scale groups as physical K."""
    a, b = static_int(lhs_valid), static_int(rhs_valid)
    if a is not None and b is not None and a != b:
        raise OpError(
            f"The operator {op} requires matching valid K, but got lhs valid K={a} and rhs valid K={b}"
        )
    for side, valid in (("lhs", a), ("rhs", b)):
        if valid is not None and valid <= 0:
            raise OpError(f"The operator {op} requires positive valid K, but got {side} valid K={valid}")
    for side, physical, valid in (("lhs", static_int(k_lhs), a), ("rhs", static_int(k_rhs), b)):
        if physical is not None and valid is not None and (valid + 31) // 32 != (physical + 31) // 32:
            raise OpError(
                f"The operator {op} requires {side} valid K to round up to the same scale-group count as "
                "physical K (ceil(validK/32) == ceil(physicalK/32)); otherwise the PTOAS matmul_mx and "
                f"tget_scale_addr verifiers conflict. Got physical K={physical}, valid K={valid}"
            )


def _mx(call: OpCall, op: str) -> TileType | None:
    """The C++ DeduceTileMatMulMxType under the name `op` (the four MX operands)."""
    lhs = of_kind(call, "lhs", TileType, op, "lhs")
    rhs = of_kind(call, "rhs", TileType, op, "rhs")
    if lhs is None or rhs is None or lhs.shape is None or rhs.shape is None:
        return None
    if len(lhs.shape) != 2 or len(rhs.shape) != 2:
        raise OpError(f"The operator {op} requires 2D lhs/rhs tiles")
    if lhs.dtype is None or rhs.dtype is None:
        return None
    _data_dtype(op, "lhs", lhs.dtype)
    _data_dtype(op, "rhs", rhs.dtype)
    m, k_lhs = lhs.shape
    k_rhs, n = rhs.shape
    if static_int(m) is not None and (m <= 0 or m % 16):
        raise OpError(
            f"The operator {op} requires physical M divisible by 16 (ISA/PTOAS tmatmul_mx), but got M={m}"
        )
    if static_int(n) is not None and (n <= 0 or n % 32):
        raise OpError(
            f"The operator {op} requires physical N divisible by 32 for {dtype_text(rhs.dtype)} "
            f"(ISA/PTOAS tmatmul_mx 32-byte row), but got N={n}"
        )
    if constants_differ(k_lhs, k_rhs):
        raise OpError(
            f"The operator {op} requires matching physical K, but got lhs K={k_lhs} and rhs K={k_rhs}"
        )
    for side, k in (("lhs", k_lhs), ("rhs", k_rhs)):
        if static_int(k) is not None and (k <= 0 or k % 64):
            raise OpError(
                f"The operator {op} requires physical K divisible by 64 (ISA/PTOAS tmatmul_mx), but got {side} K={k}"
            )
    # A view not known here leaves the valid extents unknown (None): not compared.
    lhs_valid = valid_shape(lhs) or (None, None)
    rhs_valid = valid_shape(rhs) or (None, None)
    _valid_k(op, k_lhs, k_rhs, lhs_valid[1], rhs_valid[0])
    if _groups(k_lhs) is None or _groups(k_rhs) is None:
        return None  # a symbolic K: the group count is read off the scale tiles (not modelled)
    lhs_scale = _scale_operand(call, "lhs_scale", op, "lhs_scale")
    if not _scale_tile(
        op, lhs_scale, m, _groups(k_lhs), lhs_valid[0], _valid_groups(lhs_valid[1]), "lhs_scale"
    ):
        return None
    rhs_scale = _scale_operand(call, "rhs_scale", op, "rhs_scale")
    if not _scale_tile(
        op, rhs_scale, _groups(k_rhs), n, _valid_groups(rhs_valid[0]), rhs_valid[1], "rhs_scale"
    ):
        return None
    valid = (lhs_valid[0], rhs_valid[1])
    view: TileView | UnknownView = UNKNOWN_VIEW
    if valid[0] is not None and valid[1] is not None:
        full = extents_equal(valid[0], m)
        if full is not None:
            view = TileView(
                valid_shape=valid,
                blayout="col_major",
                slayout="row_major",
                fractal=1024,
                compact="null" if full else "normal",
            )
    return tile_result((m, n), "FP32", "Acc", view, stamped=True)


def _valid_groups(valid_k: Any) -> int | None:
    """The scale-group count of a valid K (None when it is not a constant here)."""
    return _groups(valid_k) if static_int(valid_k) is not None else None


def _fp32_2d(call: OpCall, op: str, name: str) -> TileType | None:
    """The accumulator or bias tile: 2D, FP32; None when not known."""
    tile = of_kind(call, name, TileType, op, name)
    if tile is None or tile.shape is None or tile.dtype is None:
        return None
    if len(tile.shape) != 2:
        raise OpError(f"The operator {op} requires {name} to be 2D, but got {len(tile.shape)} dimensions")
    if tile.dtype != "FP32":
        raise OpError(f"The operator {op} requires {name} dtype FP32, but got {dtype_text(tile.dtype)}")
    return tile


@wrapper("tile.matmul_mx")
def matmul_mx(call: OpCall) -> IRType | None:
    return _mx(call, "tile.matmul_mx")


@wrapper("tile.matmul_mx_acc")
def matmul_mx_acc(call: OpCall) -> IRType | None:
    op = "tile.matmul_mx_acc"
    acc = _fp32_2d(call, op, "acc")
    if acc is None:
        return None
    result = _mx(call, op)
    if result is None or result.shape is None:
        return None
    m, n = result.shape
    if constants_differ(acc.shape[0], m):
        raise OpError(f"The operator {op} requires acc rows to match output M")
    if constants_differ(acc.shape[1], n):
        raise OpError(f"The operator {op} requires acc cols to match output N")
    return result


@wrapper("tile.matmul_mx_bias")
def matmul_mx_bias(call: OpCall) -> IRType | None:
    op = "tile.matmul_mx_bias"
    bias = _fp32_2d(call, op, "bias")
    if bias is None:
        return None
    result = _mx(call, op)
    if result is None or result.shape is None:
        return None
    rows, cols = bias.shape
    if static_int(rows) is not None and rows != 1:
        raise OpError(f"The operator {op} requires bias shape [1, N]")
    n = result.shape[1]
    if constants_differ(n, cols):
        raise OpError(f"The operator {op} requires bias cols to match N")
    return result
