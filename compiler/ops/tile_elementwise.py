"""Element-wise tile ops (`pl.tile.add`, `pl.tile.adds`, `pl.tile.cmp`, `pl.tile.sel`,
...): the wrappers of python/pypto/language/op/tile_ops.py, their IR builders
(python/pypto/ir/op/tile_ops.py) and the deductions of src/ir/op/tile_ops/elementwise.cpp
(but the fillpads, which are with the memory ops)."""

from __future__ import annotations

from typing import Any

from compiler.ir import Expr, IRType, ScalarType, TileType
from compiler.ir.views import valid_shape
from compiler.ops.call import OpCall, OpError
from compiler.ops.checks import check, dtype_among, expect, known, known_type, rule
from compiler.ops.registry import wrapper
from compiler.ops.result_views import tile_result
from compiler.ops.type_inference import (
    broadcast_shapes,
    dims_equal,
    dtype_bytes_of,
    dtype_text,
    is_float_dtype,
    is_int_dtype,
    promote_dtypes,
    shape_text,
    static_int,
)
from compiler.ops.wrapping import (
    Arg,
    build,
    flag,
    ir_scalar,
    normalize_const_to_dtype,
    normalize_scalar_operand,
    unwrap,
    unwrap_if,
)

VEC = "Vec"  # every op of this file writes its result to Vec (`set_output_memory`)
_TILE_OR_SCALAR = frozenset({"Tile", "Scalar"})  # tile_ops.py `_unwrap_rhs`
_SCALAR = frozenset({"Scalar"})
TDIV_DTYPES = frozenset({"INT16", "INT32", "FP16", "FP32"})
TSUBS_DTYPES = frozenset({"INT8", "INT16", "INT32", "FP16", "FP32", "BF16"})
_TSELS_DTYPES = frozenset({"INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "FP16", "FP32"})
_TSELS_MASK_DTYPES = frozenset({"INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32"})
_TSELS_SCALAR = {"UINT8": "INT8", "UINT16": "INT16", "UINT32": "INT32"}


def result(src: TileType, shape: tuple[Any, ...] | None, dtype: str | None) -> TileType:
    """A fresh Vec tile (the deductions build it with no memory space; the registry
    gives it the op's output memory) with `src`'s valid shape and inherited layout."""
    return tile_result(src, shape, dtype)


def first_tile(ir_type: IRType | None, op: str) -> TileType:
    return expect(ir_type, TileType, f"The operator {op} requires first argument to be a TileType, but got ")


def second_tile(ir_type: IRType | None, op: str) -> TileType:
    return expect(ir_type, TileType, f"The operator {op} requires second argument to be a TileType, but got ")


def second_scalar(ir_type: IRType | None, op: str) -> ScalarType:
    return expect(
        ir_type, ScalarType, f"The operator {op} requires second argument to be a ScalarType, but got "
    )


def _integer_tile(tile: TileType, op: str) -> None:
    check(
        is_int_dtype(tile.dtype),
        lambda: f"The operator {op} requires integer tile dtype, but got {dtype_text(tile.dtype)}",
    )  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- deductions


def deduce_binary(lhs: IRType | None, rhs: IRType | None, op: str, *, require_int: bool = False) -> TileType:
    """`DeduceTileOpElementwiseBinaryType` (broadcasting form)."""
    a, b = first_tile(lhs, op), second_tile(rhs, op)
    if require_int:
        _integer_tile(a, op)
        _integer_tile(b, op)
    dtype = promote_dtypes(a.dtype, b.dtype)
    return result(a, _broadcast(a, b, op, with_shapes=True), dtype)


def _broadcast(a: TileType, b: TileType, op: str, *, with_shapes: bool) -> tuple[Any, ...] | None:
    """The broadcast shape of two tiles, or the "requires compatible shapes" refusal."""
    if a.shape is None or b.shape is None:
        return None
    ok, shape = broadcast_shapes(a.shape, b.shape)
    if ok is False:
        if not with_shapes:
            raise OpError(f"The operator {op} requires compatible shapes")
        lhs_text, rhs_text = shape_text(a.shape), shape_text(b.shape)
        if lhs_text is None or rhs_text is None:
            return None  # refused, but with shapes we cannot print: not reported
        raise OpError(f"The operator {op} requires compatible shapes, but got {lhs_text} and {rhs_text}")
    return shape


def _deduce_div(lhs: IRType | None, rhs: IRType | None, op: str) -> TileType:
    """`DeduceTileOpElementwiseBinaryType` with the TDIV contract (tile.div)."""
    a, b = first_tile(lhs, op), second_tile(rhs, op)
    if a.dtype is not None and b.dtype is not None:
        check(
            a.dtype == b.dtype,
            f"The operator {op} requires src0, src1, and dst to have the same dtype, but got "
            f"{dtype_text(a.dtype)} and {dtype_text(b.dtype)}",
        )
        dtype_among(
            a.dtype,
            TDIV_DTYPES,
            f"The operator {op} requires dtype in {{INT16, INT32, FP16, FP32}}, but got ",
        )
    _same_shape_and_valid(a, b, op, "src0, src1, and dst", "src0", "src1")
    return result(a, a.shape, a.dtype)


def _same_shape_and_valid(a: TileType, b: TileType, op: str, who: str, a_name: str, b_name: str) -> None:
    """Same physical shape (rank, then each dim), then same valid shape: refused only
    where a dimension differs by value (a symbolic one may be proved either way)."""
    if a.shape is None or b.shape is None:
        return
    check(
        len(a.shape) == len(b.shape),
        f"The operator {op} requires {who} to have the same physical shape rank, but got "
        f"{len(a.shape)} and {len(b.shape)}",
    )
    if not same_dims(op, who, ("physical shape", "shape"), (a_name, a.shape), (b_name, b.shape)):
        return
    valid_a, valid_b = valid_shape(a), valid_shape(b)
    if valid_a is None or valid_b is None:
        return
    check(
        len(valid_a) == len(valid_b),
        f"The operator {op} requires {who} to have the same valid_shape rank, but got "
        f"{len(valid_a)} and {len(valid_b)}",
    )
    same_dims(op, who, ("valid_shape", "valid_shape"), (a_name, valid_a), (b_name, valid_b))


def same_dims(
    op: str, who: str, words: tuple[str, str], a: tuple[str, tuple[Any, ...]], b: tuple[str, tuple[Any, ...]]
) -> bool:
    """Each dimension of two shapes equal: "... requires <who> to have the same <word>, but
    dimension <i> differs; got <a> <label> [..] and <b> <label> [..]" where one provably
    differs (`words`: the word, the label). False when one differs but the shapes cannot
    be written as the real message does (the rule stops there, reporting nothing)."""
    (word, label), (a_name, a_dims), (b_name, b_dims) = words, a, b
    for i, (x, y) in enumerate(zip(a_dims, b_dims)):
        if dims_equal(x, y) is False:
            a_text, b_text = shape_text(a_dims), shape_text(b_dims)
            if a_text is None or b_text is None:
                return False
            raise OpError(
                f"The operator {op} requires {who} to have the same {word}, but dimension {i} "
                f"differs; got {a_name} {label} {a_text} and {b_name} {label} {b_text}"
            )
    return True


def deduce_shift(lhs: IRType | None, rhs: IRType | None, op: str) -> TileType:
    """`DeduceTileOpShiftBinaryType` (tile.shl / tile.shr): the lhs dtype."""
    a, b = first_tile(lhs, op), second_tile(rhs, op)
    _integer_tile(a, op)
    check(
        is_int_dtype(b.dtype),
        lambda: f"The operator {op} requires integer shift tile dtype, but got {dtype_text(b.dtype)}",  # type: ignore[arg-type]
    )
    return result(a, _broadcast(a, b, op, with_shapes=False), a.dtype)


def deduce_scalar(lhs: IRType | None, rhs: IRType | None, op: str) -> TileType:
    """`DeduceTileOpScalarBinaryType`: the tile's shape and dtype."""
    a = first_tile(lhs, op)
    second_scalar(rhs, op)
    return result(a, a.shape, a.dtype)


def _deduce_subs(lhs: IRType | None, rhs: IRType | None, op: str) -> TileType:
    """`DeduceTileSubsType`."""
    out = deduce_scalar(lhs, rhs, op)
    tile, scalar = lhs, rhs
    assert isinstance(tile, TileType) and isinstance(scalar, ScalarType)
    subs_dtypes(op, (("tile", tile.dtype), ("scalar", scalar.dtype)))
    return out


def subs_dtypes(op: str, operands: tuple[tuple[str, str | None], ...]) -> None:
    """The TSUBS contract of `*.subs`: each operand's dtype in {INT8, ..., BF16}."""
    for what, dtype in operands:
        dtype_among(
            dtype,
            TSUBS_DTYPES,
            f"The operator {op} requires {what} dtype in {{INT8, INT16, INT32, FP16, FP32, BF16}}, but got ",
        )


def div_precision(op: str, high_precision: bool | None, dtype: str | None) -> None:
    """`*.div`'s high precision: only for a float result."""
    check(
        not high_precision or is_float_dtype(dtype),
        f"The operator {op} supports high_precision only for FP16 or FP32 because the PTOAS "
        "high-precision template does not implement integer division",
    )


def deduce_int_scalar(lhs: IRType | None, rhs: IRType | None, op: str) -> TileType:
    """`DeduceTileOpIntScalarBinaryType` (shls, shrs, ands, ors)."""
    a = first_tile(lhs, op)
    _integer_tile(a, op)
    s = second_scalar(rhs, op)
    check(
        is_int_dtype(s.dtype),
        lambda: (
            f"The operator {op} requires shift/bitwise scalar to be an integer type, but got "
            f"{dtype_text(s.dtype)}"
        ),  # type: ignore[arg-type]
    )
    return result(a, a.shape, a.dtype)


def _deduce_ternary(types: list[IRType | None], op: str, *, require_int: bool) -> TileType:
    """`DeduceTileOpTernaryType` (rem, xor: lhs, rhs, tmp)."""
    a, b = first_tile(types[0], op), second_tile(types[1], op)
    expect(types[2], TileType, f"The operator {op} requires third argument (tmp) to be a TileType, but got ")
    if require_int:
        _integer_tile(a, op)
        _integer_tile(b, op)
    return result(a, _broadcast(a, b, op, with_shapes=False), promote_dtypes(a.dtype, b.dtype))


def _deduce_tri_tile(types: list[IRType | None], op: str) -> TileType:
    """`DeduceTileOpTriTileType` (addc, subc)."""
    a, b = first_tile(types[0], op), second_tile(types[1], op)
    c = expect(types[2], TileType, f"The operator {op} requires third argument to be a TileType, but got ")
    dtype = promote_dtypes(promote_dtypes(a.dtype, b.dtype), c.dtype)
    ab = _broadcast(a, b, op, with_shapes=False)
    shape = _broadcast(TileType(ab, None), c, op, with_shapes=False) if ab is not None else None
    return result(a, shape, dtype)


def _deduce_tile_scalar_tile(types: list[IRType | None], op: str) -> TileType:
    """`DeduceTileOpTileScalarTileType` (rems, addsc, subsc): promoted over all three."""
    a = first_tile(types[0], op)
    s = second_scalar(types[1], op)
    c = expect(types[2], TileType, f"The operator {op} requires third argument to be a TileType, but got ")
    dtype = promote_dtypes(promote_dtypes(a.dtype, s.dtype), c.dtype)
    return result(a, _broadcast(a, c, op, with_shapes=False), dtype)


def _deduce_xor_scalar(types: list[IRType | None], op: str) -> TileType:
    """`DeduceTileOpXorScalarType` (xors)."""
    a = first_tile(types[0], op)
    _integer_tile(a, op)
    s = second_scalar(types[1], op)
    check(
        is_int_dtype(s.dtype),
        lambda: f"The operator {op} requires scalar to be an integer type, but got {dtype_text(s.dtype)}",  # type: ignore[arg-type]
    )
    expect(types[2], TileType, f"The operator {op} requires third argument to be a TileType, but got ")
    return result(a, a.shape, a.dtype)


# ----------------------------------------------------------------------------- wrappers


def _scalar_rhs(call: OpCall, lhs: Expr | None, rhs: Arg | None, **fallbacks: Any) -> IRType | None:
    """The IR builder's `_normalize_scalar_operand(lhs, rhs)`: the rhs operand's type."""
    known(rhs)
    assert rhs is not None
    return normalize_scalar_operand(lhs.type if lhs is not None else None, rhs, **fallbacks)


@wrapper("tile.add", "tile.sub", "tile.mul", "tile.div")
@rule
def binary_auto(call: OpCall) -> IRType | None:
    """`tile.add(lhs, rhs)`: a Tile rhs is `tile.add`, a scalar one `tile.adds`."""
    lhs = unwrap(call, call.param(0))
    rhs = unwrap_if(call, call.param(1), _TILE_OR_SCALAR)
    rhs_type = _scalar_rhs(call, lhs, rhs)
    lhs_type, name = known_type(lhs), call.name
    known(rhs_type)
    assert rhs is not None
    if isinstance(rhs_type, ScalarType):
        if name == "div" and flag(call, "high_precision"):
            raise OpError("tile.div(high_precision=True) requires a Tile rhs")
        op = f"tile.{name}s"
        out = _deduce_subs(lhs_type, rhs_type, op) if name == "sub" else deduce_scalar(lhs_type, rhs_type, op)
        build(call, op, [lhs, ir_scalar(rhs, rhs_type)])
        return out
    if name == "div":
        out = _deduce_div(lhs_type, rhs_type, "tile.div")
        high_precision = flag(call, "high_precision")
        div_precision("tile.div", high_precision, out.dtype)
        if high_precision is not None:
            build(call, "tile.div", [lhs, rhs.expr], {"high_precision": True} if high_precision else {})
        return out
    out = deduce_binary(lhs_type, rhs_type, f"tile.{name}")
    build(call, f"tile.{name}", [lhs, rhs.expr])
    return out


@wrapper("tile.adds", "tile.subs", "tile.muls", "tile.divs")
@rule
def scalar_arith(call: OpCall) -> IRType | None:
    """`tile.adds(lhs, rhs)`: `_unwrap_rhs`, then the scalar op whatever the rhs is."""
    lhs = unwrap(call, call.param(0))
    rhs = unwrap_if(call, call.param(1), _TILE_OR_SCALAR)
    rhs_type = _scalar_rhs(call, lhs, rhs)
    op = f"tile.{call.name}"
    out = (_deduce_subs if call.name == "subs" else deduce_scalar)(known_type(lhs), rhs_type, op)
    assert rhs is not None
    build(call, op, [lhs, ir_scalar(rhs, rhs_type)])
    return out


_PLAIN_BINARY = {
    "maximum": "maximum", "minimum": "minimum", "fmod": "fmod", "part_add": "part_add",
    "part_mul": "part_mul", "part_max": "part_max", "part_min": "part_min", "and_": "and", "or_": "or",
}  # fmt: skip


@wrapper(*(f"tile.{name}" for name in _PLAIN_BINARY))
@rule
def plain_binary(call: OpCall) -> IRType | None:
    """`tile.maximum(lhs, rhs)`: both operands unwrapped, the broadcasting deduction."""
    lhs = unwrap(call, call.param(0))
    rhs = unwrap(call, call.param(1))
    op_name = _PLAIN_BINARY[call.name]
    out = deduce_binary(
        known_type(lhs), known_type(rhs), f"tile.{op_name}", require_int=op_name in ("and", "or")
    )
    build(call, f"tile.{op_name}", [lhs, rhs])
    return out


@wrapper("tile.shl", "tile.shr")
@rule
def shift(call: OpCall) -> IRType | None:
    lhs = unwrap(call, call.param(0))
    rhs = unwrap(call, call.param(1))
    out = deduce_shift(known_type(lhs), known_type(rhs), f"tile.{call.name}")
    build(call, f"tile.{call.name}", [lhs, rhs])
    return out


_SCALAR_ONLY = {
    "maximums": deduce_scalar, "minimums": deduce_scalar, "fmods": deduce_scalar,
    "ands": deduce_int_scalar, "ors": deduce_int_scalar, "shls": deduce_int_scalar, "shrs": deduce_int_scalar,
}  # fmt: skip


@wrapper(*(f"tile.{name}" for name in _SCALAR_ONLY))
@rule
def scalar_only(call: OpCall) -> IRType | None:
    """`tile.maximums(lhs, rhs)`: only a Scalar rhs is unwrapped."""
    rhs = unwrap_if(call, call.param(1), _SCALAR)
    lhs = unwrap(call, call.param(0))
    rhs_type = _scalar_rhs(call, lhs, rhs)
    out = _SCALAR_ONLY[call.name](known_type(lhs), rhs_type, f"tile.{call.name}")
    assert rhs is not None
    build(call, f"tile.{call.name}", [lhs, ir_scalar(rhs, rhs_type)])
    return out


@wrapper("tile.rem", "tile.xor")
@rule
def ternary(call: OpCall) -> IRType | None:
    exprs = [unwrap(call, call.param(i)) for i in range(3)]
    out = _deduce_ternary([known_type(e) for e in exprs], f"tile.{call.name}", require_int=call.name == "xor")
    build(call, f"tile.{call.name}", exprs)
    return out


@wrapper("tile.rems", "tile.xors", "tile.addsc", "tile.subsc")
@rule
def tile_scalar_tile(call: OpCall) -> IRType | None:
    """`tile.rems(lhs, rhs, tmp)`: the Scalar rhs unwrapped first, then lhs and the tile."""
    rhs = unwrap_if(call, call.param(1), _SCALAR)
    lhs = unwrap(call, call.param(0))
    third = unwrap(call, call.param(2))
    rhs_type = _scalar_rhs(call, lhs, rhs)
    types = [known_type(lhs), rhs_type, known_type(third)]
    op = f"tile.{call.name}"
    out = _deduce_xor_scalar(types, op) if call.name == "xors" else _deduce_tile_scalar_tile(types, op)
    assert rhs is not None
    build(call, op, [lhs, ir_scalar(rhs, rhs_type), third])
    return out


@wrapper("tile.addc", "tile.subc")
@rule
def tri_tile(call: OpCall) -> IRType | None:
    exprs = [unwrap(call, call.param(i)) for i in range(3)]
    out = _deduce_tri_tile([known_type(e) for e in exprs], f"tile.{call.name}")
    build(call, f"tile.{call.name}", exprs)
    return out


@wrapper("tile.lrelu")
@rule
def lrelu(call: OpCall) -> IRType | None:
    """The slope is re-typed to FP32 (`_normalize_const_to_dtype`), not to the tile's dtype."""
    slope = unwrap_if(call, call.param(1), _SCALAR)
    tile = unwrap(call, call.param(0))
    known(slope)
    assert slope is not None
    slope_type = normalize_const_to_dtype(slope, "FP32")
    out = deduce_scalar(known_type(tile), slope_type, "tile.lrelu")
    build(call, "tile.lrelu", [tile, ir_scalar(slope, slope_type)])
    return out


@wrapper("tile.prelu")
@rule
def prelu(call: OpCall) -> IRType | None:
    exprs = [unwrap(call, call.param(i)) for i in range(3)]
    src_t, slope_t, tmp_t = (known_type(e) for e in exprs)
    op = "tile.prelu"
    src = expect(src_t, TileType, f"The operator {op} requires src to be a TileType, but got ")
    slope = expect(slope_t, TileType, f"The operator {op} requires slope to be a TileType, but got ")
    tmp = expect(tmp_t, TileType, f"The operator {op} requires tmp to be a TileType, but got ")
    dtype_among(
        src.dtype, ("FP16", "FP32"), f"The operator {op} requires src dtype in {{FP16, FP32}}, but got "
    )
    if src.dtype is not None and slope.dtype is not None:
        check(
            slope.dtype == src.dtype,
            f"The operator {op} requires slope dtype to match src dtype, but got "
            f"{dtype_text(slope.dtype)} and {dtype_text(src.dtype)}",
        )
    _rank_2(src, op, "src")
    if src.shape is not None and slope.shape is not None:
        check(
            len(slope.shape) == len(src.shape),
            f"The operator {op} requires slope and src to have the same rank, but got "
            f"{len(slope.shape)} and {len(src.shape)}",
        )
        _prelu_same_shapes(slope, src, op)
    _rank_2(tmp, op, "tmp")
    build(call, op, exprs)
    return result(src, src.shape, src.dtype)


def _rank_2(tile: TileType, op: str, name: str) -> None:
    if tile.shape is not None:
        check(
            len(tile.shape) == 2,
            f"The operator {op} requires a rank-2 {name} tile, but got rank {len(tile.shape)}",
        )


def _prelu_same_shapes(slope: TileType, src: TileType, op: str) -> None:
    assert slope.shape is not None and src.shape is not None
    who = "slope and src"
    if not same_dims(op, who, ("physical shape", "shape"), ("slope", slope.shape), ("src", src.shape)):
        return
    src_valid, slope_valid = valid_shape(src), valid_shape(slope)
    if src_valid is None or slope_valid is None or len(src_valid) != len(slope_valid):
        return
    same_dims(op, who, ("valid_shape", "valid_shape"), ("slope", slope_valid), ("src", src_valid))


@wrapper("tile.sel")
@rule
def sel(call: OpCall) -> IRType | None:
    exprs = [unwrap(call, call.param(i)) for i in range(4)]
    mask_t, lhs_t, rhs_t, tmp_t = (known_type(e) for e in exprs)
    op = "tile.sel"
    expect(mask_t, TileType, f"The operator {op} requires first argument (mask) to be a TileType, but got ")
    a = expect(
        lhs_t, TileType, f"The operator {op} requires second argument (lhs) to be a TileType, but got "
    )
    b = expect(rhs_t, TileType, f"The operator {op} requires third argument (rhs) to be a TileType, but got ")
    expect(tmp_t, TileType, f"The operator {op} requires fourth argument (tmp) to be a TileType, but got ")
    out = result(a, _broadcast(a, b, op, with_shapes=True), promote_dtypes(a.dtype, b.dtype))
    build(call, op, exprs)
    return out


@wrapper("tile.sels")
@rule
def sels(call: OpCall) -> IRType | None:
    """`tile.sels(mask, src, tmp, scalar)`: the scalar re-typed to src's dtype (its
    signed twin for an unsigned src) before `DeduceTileSelsType`."""
    scalar = unwrap_if(call, call.param(3), _SCALAR)
    exprs = [unwrap(call, call.param(i)) for i in range(3)]
    known(scalar)
    assert scalar is not None
    src_expr = exprs[1]
    scalar_type = normalize_scalar_operand(src_expr.type if src_expr else None, scalar, retype_constants=True)
    if isinstance(scalar_type, ScalarType) and scalar.obj is None and scalar_type.dtype in _TSELS_SCALAR:
        scalar_type = ScalarType(_TSELS_SCALAR[scalar_type.dtype])  # a constant keeps its bits, signed
    mask_t, src_t, tmp_t = (known_type(e) for e in exprs)
    op = "tile.sels"
    mask = expect(mask_t, TileType, f"The operator {op} requires mask to be a TileType, but got ")
    src = expect(src_t, TileType, f"The operator {op} requires src to be a TileType, but got ")
    tmp = expect(tmp_t, TileType, f"The operator {op} requires tmp to be a TileType, but got ")
    s = expect(scalar_type, ScalarType, f"The operator {op} requires scalar to be a ScalarType, but got ")
    _rank_2(mask, op, "mask")
    dtype_among(
        mask.dtype,
        _TSELS_MASK_DTYPES,
        f"The operator {op} requires an 8-, 16-, or 32-bit integer mask, but got ",
    )
    _rank_2(src, op, "src")
    dtype_among(
        src.dtype,
        _TSELS_DTYPES,
        f"The operator {op} requires src dtype in {{INT8, UINT8, INT16, UINT16, INT32, UINT32, FP16, FP32}}, "
        "but got ",
    )
    _rank_2(tmp, op, "tmp")
    if src.dtype is not None and s.dtype is not None:
        expected = _TSELS_SCALAR.get(src.dtype, src.dtype)
        check(
            s.dtype == expected,
            f"The operator {op} requires scalar dtype {dtype_text(expected)} for src dtype "
            f"{dtype_text(src.dtype)}, but got {dtype_text(s.dtype)}",
        )
    _sels_mask_covers(mask, src, op)
    build(call, op, [*exprs, ir_scalar(scalar, s, signed_twin=True)])
    return result(src, src.shape, src.dtype)


def _sels_mask_covers(mask: TileType, src: TileType, op: str) -> None:
    """The mask's valid rows cover src's, and each mask row holds ceil(cols / 8) bytes."""
    mask_valid, src_valid = valid_shape(mask), valid_shape(src)
    if mask_valid is None or src_valid is None or len(mask_valid) != 2 or len(src_valid) != 2:
        return
    mask_text, src_text = shape_text(mask_valid), shape_text(src_valid)
    if mask_text is None or src_text is None:
        return
    src_rows, mask_rows = static_int(src_valid[0]), static_int(mask_valid[0])
    if src_rows is not None and mask_rows is not None:
        check(
            src_rows <= mask_rows,
            f"The operator {op} requires mask carrier rows to cover src valid rows, but got mask valid_shape "
            f"{mask_text} and src valid_shape {src_text}",
        )
    src_cols, mask_cols = static_int(src_valid[1]), static_int(mask_valid[1])
    if src_cols is not None and mask_cols is not None and mask.dtype is not None:
        check(
            (src_cols + 7) // 8 <= mask_cols * dtype_bytes_of(mask.dtype),
            f"The operator {op} requires each mask carrier row to hold at least ceil(src valid columns / 8) "
            f"packed bytes, but got mask valid_shape {mask_text} with dtype {dtype_text(mask.dtype)} and src "
            f"valid_shape {src_text}",
        )


@wrapper("tile.cmp", "tile.cmps")
@rule
def cmp(call: OpCall) -> IRType | None:
    """`tile.cmp` / `tile.cmps`: a packed predicate mask (UINT8, one bit per element,
    rows padded to 32 bytes)."""
    op = f"tile.{call.name}"
    if call.name == "cmps":
        rhs_arg = unwrap_if(call, call.param(1), _SCALAR)
        lhs = unwrap(call, call.param(0))
        rhs_type = _scalar_rhs(call, lhs, rhs_arg)
        a = first_tile(known_type(lhs), op)
        second_scalar(rhs_type, op)
        assert rhs_arg is not None
        build(call, op, [lhs, ir_scalar(rhs_arg, rhs_type)], {"cmp_type": _cmp_type(call)})
        return _packed_predicate(a, a.shape)
    lhs, rhs = unwrap(call, call.param(0)), unwrap(call, call.param(1))
    a, b = first_tile(known_type(lhs), op), second_tile(known_type(rhs), op)
    build(call, op, [lhs, rhs], {"cmp_type": _cmp_type(call)})
    return _packed_predicate(a, _broadcast(a, b, op, with_shapes=True))


def _cmp_type(call: OpCall) -> Any:
    node = call.nodes.get("cmp_type")
    return 0 if node is None else call.evaluate(node)


def _packed_predicate(src: TileType, shape: tuple[Any, ...] | None) -> TileType:
    """`MakePackedPredicateTileType`: columns ceil(cols / 8) bytes rounded up to 32, the
    valid columns ceil(valid cols / 8); src's layout."""
    if not shape:
        return TileType(None, "UINT8", VEC)
    cols = static_int(shape[-1])
    packed: Any = ((cols + 7) // 8 + 31) // 32 * 32 if cols is not None else "?"
    valid = valid_shape(src)
    valid_cols = static_int(valid[-1]) if valid else None
    mask_valid = (*valid[:-1], (valid_cols + 7) // 8) if valid and valid_cols is not None else None
    mask_shape = (*shape[:-1], packed)
    if mask_valid is None:
        return TileType(mask_shape, "UINT8", VEC)
    return tile_result(src, mask_shape, "UINT8", valid=mask_valid)
