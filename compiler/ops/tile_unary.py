"""Unary tile ops (`pl.tile.exp`, `pl.tile.rsqrt`, `pl.tile.not_`, ...) and
`pl.tile.cast`: the wrappers of python/pypto/language/op/tile_ops.py, their IR builders
and the deductions of src/ir/op/tile_ops/unary.cpp."""

from __future__ import annotations

from compiler.ir import Expr, IRType, TileType
from compiler.ops.call import OpCall, OpError
from compiler.ops.checks import check, dtype_among, expect, known_type, rule
from compiler.ops.operands import validated
from compiler.ops.registry import wrapper
from compiler.ops.result_views import tile_result
from compiler.ops.type_inference import dims_equal, dtype_text
from compiler.ops.wrapping import WRAPPED, build, flag, py_class, unwrap, unwrap_optional
from compiler.syntax.values import DType

CAST_MODES = {"none": 0, "rint": 1, "round": 2, "floor": 3, "ceil": 4, "trunc": 5, "odd": 6}


def deduce_unary(ir_type: IRType | None, op: str) -> TileType:
    """`DeduceTileUnaryType`: the input's shape, dtype, valid shape and layout, in Vec."""
    tile = expect(ir_type, TileType, f"The operator {op} requires argument to be a TileType, but got ")
    return tile_result(tile, tile.shape, tile.dtype)


def _unary_call(call: OpCall, op: str) -> tuple[Expr | None, TileType]:
    tile = unwrap(call, call.param(0))
    out = deduce_unary(known_type(tile), op)
    return tile, out


@wrapper("tile.neg", "tile.exp", "tile.sqrt", "tile.abs", "tile.relu")
@rule
def unary(call: OpCall) -> IRType | None:
    op = f"tile.{call.name}"
    tile, out = _unary_call(call, op)
    build(call, op, [tile])
    return out


@wrapper("tile.sin", "tile.cos")
@rule
def fp32_only(call: OpCall) -> IRType | None:
    """`DeduceTileFP32OnlyType`."""
    op = f"tile.{call.name}"
    tile, out = _unary_call(call, op)
    fp32_only_check(op, out.dtype, "tile")
    build(call, op, [tile])
    return out


def fp32_only_check(op: str, dtype: str | None, operand: str) -> None:
    """`DeduceTileFP32OnlyType` / `DeduceTensorFP32OnlyType` (sin, cos); `operand` is what
    the message's `pl.cast(...)` example casts."""
    dtype_among(
        dtype,
        ("FP32",),
        f"{op} is FP32-only, but got input with dtype ",
        f". Cast the input to FP32 explicitly via pl.cast({operand}, pl.FP32) before applying {op}.",
    )


def high_precision_call(call: OpCall, op: str, operand: Expr | None) -> bool | None:
    """`kwargs = {"high_precision": True} if high_precision else {}`, recorded for the printer."""
    high_precision = flag(call, "high_precision")
    if high_precision is not None:
        build(call, op, [operand], {"high_precision": True} if high_precision else {})
    return high_precision


def recip_precision(op: str, high_precision: bool | None, dtype: str | None) -> None:
    """`*.recip`'s high precision: FP16 or FP32 only."""
    if dtype is not None:
        check(
            not high_precision or dtype in ("FP16", "FP32"),
            f"The operator {op} supports high_precision only for FP16 or FP32 because the PTOAS "
            "high-precision template does not implement other dtypes",
        )


def same_dtype_cast(op: str, dtype: str | None, target: str | None) -> None:
    """A cast to the input's own dtype is refused."""
    if target is not None and dtype is not None:
        check(
            dtype != target,
            f"{op}: target_type {dtype_text(target)} equals input dtype; same-dtype cast is not a valid "
            "operation. Remove the cast or use a different target_type.",
        )


@wrapper("tile.recip")
@rule
def recip(call: OpCall) -> IRType | None:
    tile, out = _unary_call(call, "tile.recip")
    recip_precision("tile.recip", high_precision_call(call, "tile.recip", tile), out.dtype)
    return out


@wrapper("tile.log")
@rule
def log(call: OpCall) -> IRType | None:
    tile, out = _unary_call(call, "tile.log")
    high_precision_call(call, "tile.log", tile)
    dtype_among(out.dtype, ("FP16", "FP32"), "tile.log requires an FP16 or FP32 tile operand, but got ")
    return out


@wrapper("tile.not_")
@rule
def not_(call: OpCall) -> IRType | None:
    tile, out = _unary_call(call, "tile.not")
    dtype_among(
        out.dtype, ("INT16", "UINT16"), "The operator tile.not requires int16 or uint16 tile dtype, but got "
    )
    build(call, "tile.not", [tile])
    return out


@wrapper("tile.rsqrt")
@rule
def rsqrt(call: OpCall) -> IRType | None:
    """`DeduceTileRsqrtType`: an optional tmp tile like the input (the high-precision path).
    The wrapper unwraps `tmp` before `tile`."""
    tmp = unwrap_optional(call, 1)
    op = "tile.rsqrt"
    source = unwrap(call, call.param(0))
    tile = expect(
        known_type(source), TileType, f"The operator {op} requires first argument to be a TileType, but got "
    )
    if tmp is not None:
        tmp_type = expect(
            known_type(tmp), TileType, f"The operator {op} requires tmp argument to be a TileType, but got "
        )
        if tmp_type.dtype is not None and tile.dtype is not None:
            check(
                tmp_type.dtype == tile.dtype,
                f"{op}: tmp tile dtype ({dtype_text(tmp_type.dtype)}) must match input dtype "
                f"({dtype_text(tile.dtype)})",
            )
        if tmp_type.shape is not None and tile.shape is not None:
            check(
                len(tmp_type.shape) == len(tile.shape),
                f"{op}: tmp tile rank ({len(tmp_type.shape)}) must match input rank ({len(tile.shape)})",
            )
            for i, (t, x) in enumerate(zip(tmp_type.shape, tile.shape)):
                if dims_equal(t, x) is False:
                    raise OpError(f"{op}: tmp tile shape mismatch at dimension {i} (tmp: {t}, input: {x})")
    build(call, op, [source] if tmp is None else [source, tmp])
    return tile_result(tile, tile.shape, tile.dtype)


def resolve_cast_mode(call: OpCall, param: str | None) -> str | None:
    """`resolve_cast_mode(mode)`: a name of `CAST_MODE_NAMES` or an int in [0, 6]; the
    mode's name, "round" when not passed, None when not static."""
    if param is None or param not in call.nodes:
        return "round"
    mode = call.evaluate(call.nodes[param])
    if isinstance(mode, bool):
        raise OpError(f"Invalid rounding mode {mode!r}. Expected str name or int in range [0, 6].")
    if isinstance(mode, int):
        if not 0 <= mode <= 6:
            raise OpError(f"Invalid rounding mode {mode}. Expected int in range [0, 6].")
        return next(name for name, code in CAST_MODES.items() if code == mode)
    if isinstance(mode, str):
        if mode not in CAST_MODES:
            raise OpError(f"Invalid rounding mode '{mode}'. Expected one of {list(CAST_MODES)}.")
        return mode
    return None


def cast_target(call: OpCall, op: str) -> str | None:
    """The cast's target dtype; a keyword value the registry's `ValidateKwargs` refuses (a
    string: `target_type="fp32"`) raises its error; a DSL object (a scalar variable) is
    no kwarg value the binding converts."""
    if py_class(call, call.param(1) or "target_type") in WRAPPED:
        raise OpError("Unsupported kwarg type for key: target_type")
    validated(op, "target_type", call.keyword_value("target_type", None), "DataType")
    return call.dtype(call.param(1) or "target_type")


@wrapper("tile.cast")
@rule
def cast(call: OpCall) -> IRType | None:
    """`tile.cast(tile, target_type, mode)`: `tile.unwrap()`, the mode resolved in
    Python, then the deduction (which refuses a cast to the input's own dtype)."""
    source = unwrap(call, call.param(0))
    mode = resolve_cast_mode(call, call.param(2))
    tile = expect(
        known_type(source), TileType, "The operator tile.cast requires argument to be a TileType, but got "
    )
    target = cast_target(call, "tile.cast")
    same_dtype_cast("tile.cast", tile.dtype, target)
    if target is not None and mode is not None:
        build(call, "tile.cast", [source], {"target_type": DType(target), "mode": mode})
    return tile_result(tile, tile.shape, target)
