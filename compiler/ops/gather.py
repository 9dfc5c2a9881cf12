"""Gathers: `pl.tile.gather` / `gatherb` / `gather_mask` / `gather_compare`
(src/ir/op/tile_ops/gather.cpp) and the tensor-level `pl.gather` / `pl.tensor.gather`,
whose wrapper picks the index, mask or compare form by its keywords
(python/pypto/language/op/tensor_ops.py, src/ir/op/tensor_ops/gather.cpp).
"""

from __future__ import annotations

from typing import Any

from compiler.ir import IRType, ScalarType, TensorType, TileType, TupleType
from compiler.ir.types import UNKNOWN_VIEW, TileView, UnknownView
from compiler.ir.views import valid_shape
from compiler.ops.call import OpCall, OpError
from compiler.ops.operands import (
    Given,
    built,
    const,
    dtype_in,
    given,
    inherited_view,
    int_kwarg,
    of_kind,
    rank_in,
    tile_result,
    validated,
    wrapper_value,
)
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import dtype_bits, dtype_text, static_int
from compiler.ops.wrapping import python_type_text
from compiler.syntax.values import DType

_GATHER_DTYPES = ("FP16", "FP32", "INT16", "INT32")
_GATHERB_DTYPES = ("INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "FP16", "BF16", "FP32")
_CMP_MODES = ("eq", "ne", "lt", "le", "gt", "ge")
# How the messages name the gathers' element dtypes (two spellings).
_GATHER_TO_BE = "dtype to be FP16, FP32, INT16, or INT32"
_GATHER_IN = "dtype in {FP16, FP32, INT16, INT32}"


def _dtype_kwarg(op: str, key: str, value: Any) -> str | bool | None:
    """A DataType attribute: its name, None when absent, False when not known here."""
    if value is None:
        return None
    validated(op, key, value, "DataType")
    return value.name if isinstance(value, DType) else False


def _mask_source(
    call: OpCall, kind: type, op: str, param: str, which: str
) -> tuple[int, str | None, Any] | None:
    """The mask form's checks up to its source's dtype: `mask_pattern` (an int), then
    `output_dtype` (a DataType), then the source; None when one is not known."""
    pattern = int_kwarg(op, "mask_pattern", wrapper_value(call, "mask_pattern"))
    if pattern is None:
        return None
    output = _dtype_kwarg(op, "output_dtype", wrapper_value(call, "output_dtype"))
    if output is False:
        return None
    src = of_kind(call, param, kind, op, which)
    if src is None or src.dtype is None or src.shape is None:
        return None
    dtype_in(op, src.dtype, _GATHER_DTYPES, f"{param} {_GATHER_TO_BE}")
    return pattern, output, src  # type: ignore[return-value]


def _compare_source(
    call: OpCall, kind: type, op: str, param: str
) -> tuple[tuple[int, int, str | None], Any] | None:
    """The compare form's checks up to `kvalue`: the keywords, the source (2D, a gather
    dtype), the threshold; None when one is not known."""
    kwargs = _compare_kwargs(call, op)
    if kwargs is None:
        return None
    src = of_kind(call, param, kind, op, param)
    if src is None or src.dtype is None or src.shape is None:
        return None
    dtype_in(op, src.dtype, _GATHER_DTYPES, f"{param} {_GATHER_IN}")
    rank_in(op, src.shape, (2,), f"2D {param}")
    if not _kvalue(call, op, src.dtype):
        return None
    return kwargs, src


def _pattern_range(op: str, pattern: int) -> None:
    if not 1 <= pattern <= 7:
        raise OpError(f"The operator {op} requires mask_pattern in range [1, 7], but got {pattern}")


def _index_dtype(op: str, index: str, source: str, what: tuple[str, str]) -> None:
    """INT32 indices with any source, INT16 ones with a 16-bit source only."""
    if index == "INT32" or (index == "INT16" and source in ("FP16", "INT16")):
        return
    idx, src = what
    raise OpError(
        f"The operator {op} requires {idx} dtype INT32 (any {src}), or INT16 with a 16-bit {src} "
        f"(FP16/INT16); INT16 indices with a 32-bit {src} are unsafe (tgather b32 reads them as u32). "
        f"Got {idx} {dtype_text(index)} with {src} {dtype_text(source)}"
    )


def _masked_cols(op: str, cols: Any, pattern: int) -> Any:
    """The columns a mask pattern keeps: all (P1111), one in two or one in four."""
    if pattern == 7:
        return cols
    divisor = 2 if pattern <= 2 else 4
    value = static_int(cols)
    if value is None:
        return None  # a FloorDiv of a symbol: not written the real way here
    if value % divisor:
        raise OpError(
            f"The operator {op} with mask_pattern={pattern} requires src columns divisible by {divisor}, got {value}"
        )
    return value // divisor


def _same_bits(op: str, source: str, target: str, what: str) -> None:
    if dtype_bits(target) != dtype_bits(source):
        raise OpError(
            f"The operator {op} output_dtype must have the same bit width as {what} dtype "
            f"({dtype_text(source)} = {dtype_bits(source)} bits), but got {dtype_text(target)} = "
            f"{dtype_bits(target)} bits"
        )


# ---------------------------------------------------------------------------
# tile level
# ---------------------------------------------------------------------------


@wrapper("tile.gather")
def tile_gather(call: OpCall) -> IRType | None:
    op = "tile.gather"
    src = of_kind(call, "src", TileType, op, "first argument")
    if src is None or src.dtype is None:
        return None
    dtype_in(op, src.dtype, _GATHER_DTYPES, f"src {_GATHER_TO_BE}")
    indices = of_kind(call, "indices", TileType, op, "second argument")
    if indices is None or indices.dtype is None:
        return None
    _index_dtype(op, indices.dtype, src.dtype, ("indices", "src"))
    if of_kind(call, "tmp", TileType, op, "third argument") is None:
        return None
    return tile_result(indices.shape, src.dtype, "Vec", inherited_view(indices.shape, src), stamped=True)


@wrapper("tile.gatherb")
def tile_gatherb(call: OpCall) -> IRType | None:
    op = "tile.gatherb"
    output = _dtype_kwarg(op, "output_dtype", wrapper_value(call, "output_dtype"))
    if output is False:
        return None
    src = of_kind(call, "src", TileType, op, "src")
    if src is None or src.dtype is None:
        return None
    allowed = "an 8/16/32-bit int/uint or FP16/BF16/FP32"
    dtype_in(op, src.dtype, _GATHERB_DTYPES, f"src dtype to be {allowed}")
    out_dtype = output or src.dtype
    dtype_in(op, out_dtype, _GATHERB_DTYPES, f"output_dtype to be {allowed}")
    offset = of_kind(call, "offset", TileType, op, "offset")
    if offset is None or offset.dtype is None or src.shape is None or offset.shape is None:
        return None
    dtype_in(op, offset.dtype, ("UINT32",), "offset dtype to be UINT32")
    rank_in(op, src.shape, (2,), "a 2D src tile")
    rank_in(op, offset.shape, (2,), "a 2D offset tile")
    cols = static_int(offset.shape[1])
    if cols is None:
        if isinstance(offset.shape[1], str) and offset.shape[1] != "?":
            raise OpError(f"The operator {op} requires static offset columns")
        return None
    if cols <= 0 or cols % 8:
        raise OpError(
            f"The operator {op} requires offset columns to be a positive multiple of 8 (32-byte UINT32 row), but got {cols}"
        )
    per_block = 32 // ((dtype_bits(out_dtype) or 8) // 8)
    built(call, ["src", "offset"], {"output_dtype": Given("output_dtype")} if output else {})
    shape = (offset.shape[0], cols * per_block)
    return tile_result(shape, out_dtype, "Vec", _gatherb_view(offset, per_block), stamped=True)


def _gatherb_view(offset: TileType, per_block: int) -> TileView | UnknownView:
    """The offset tile's valid shape, its columns scaled to elements; a row-major view."""
    valid = valid_shape(offset)
    if valid is None or static_int(valid[1]) is None:
        return UNKNOWN_VIEW
    return TileView(valid_shape=(valid[0], valid[1] * per_block), blayout="row_major")


@wrapper("tile.gather_mask")
def tile_gather_mask(call: OpCall) -> IRType | None:
    op = "tile.gather_mask"
    found = _mask_source(call, TileType, op, "src", "first argument")
    if found is None:
        return None
    pattern, output, src = found
    _pattern_range(op, pattern)
    if len(src.shape) != 2:
        return None  # an internal check of the real compiler, in words not modelled
    cols = _masked_cols(op, src.shape[1], pattern)
    if output is not None:
        _same_bits(op, src.dtype, output, "src")
    if cols is None:
        return None
    built(call, ["src"], _mask_kwargs(call, "src", pattern, output))
    shape = (src.shape[0], cols)
    return tile_result(shape, output or src.dtype, "Vec", inherited_view(shape, src), stamped=True)


def _mask_kwargs(call: OpCall, anchor: str, pattern: int, output: str | None) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"mask_pattern": const(call, anchor, pattern)}
    if output is not None:
        kwargs["output_dtype"] = Given("output_dtype")
    return kwargs


@wrapper("tile.gather_compare")
def tile_gather_compare(call: OpCall) -> IRType | None:
    op = "tile.gather_compare"
    found = _compare_source(call, TileType, op, "src")
    if found is None:
        return None
    (mode, out_cols, count), src = found
    if of_kind(call, "tmp", TileType, op, "tmp") is None:
        return None
    _compare_attrs(op, mode, out_cols, count)
    built(call, ["src", "kvalue", "tmp"], _compare_built(call, "src", mode, out_cols, count))
    return TupleType(
        (
            tile_result(
                (src.shape[0], out_cols),
                "INT32",
                "Vec",
                inherited_view((src.shape[0], out_cols), src),
                stamped=True,
            ),
            tile_result(
                (1, src.shape[0]),
                count or "INT32",
                "Vec",
                TileView(valid_shape=(1, src.shape[0]), blayout="row_major"),
                stamped=True,
            ),
        )
    )


def _compare_built(call: OpCall, anchor: str, mode: int, out_cols: int, count: str | None) -> dict[str, Any]:
    """The compare form's keywords as the builder passes them (`cmp_mode` as its int)."""
    kwargs: dict[str, Any] = {
        "cmp_mode": const(call, anchor, mode),
        "offset": const(call, anchor, wrapper_value(call, "offset", 0)),
        "out_cols": const(call, anchor, out_cols),
    }
    if count is not None:
        kwargs["count_dtype"] = Given("count_dtype")
    return kwargs


def _compare_kwargs(call: OpCall, op: str) -> tuple[int, int, str | None] | None:
    """The compare form's keywords as the IR builder passes them: `cmp_mode` resolved to
    0..5 (its own ValueError), `offset` and `out_cols` ints, `count_dtype` a DataType."""
    mode = wrapper_value(call, "cmp_mode", "eq")
    if isinstance(mode, str):
        if mode not in _CMP_MODES:
            raise OpError(f"Invalid cmp_mode {mode!r}: expected one of {list(_CMP_MODES)} or int 0-5")
        mode = _CMP_MODES.index(mode)
    elif isinstance(mode, int) and not isinstance(mode, bool):
        if not 0 <= mode < len(_CMP_MODES):
            raise OpError(f"Invalid cmp_mode {mode}: int must be in [0, {len(_CMP_MODES) - 1}]")
    else:
        return None
    offset = wrapper_value(call, "offset", 0)
    out_cols = wrapper_value(call, "out_cols")
    if int_kwarg(op, "offset", offset) is None or int_kwarg(op, "out_cols", out_cols) is None:
        return None
    count = _dtype_kwarg(op, "count_dtype", wrapper_value(call, "count_dtype"))
    if count is False:
        return None
    return mode, out_cols, count  # type: ignore[return-value]


def _kvalue(call: OpCall, op: str, dtype: str) -> bool:
    """The threshold is a scalar of the source's dtype (a Python int literal is an INDEX
    constant, a float one FP32, after the wrapper's normalisation)."""
    found = call.type_of("kvalue")
    if isinstance(found, (TensorType, TileType)):
        return False  # the wrapper's own normalisation refuses it first
    if not isinstance(found, ScalarType) or found.dtype is None:
        return False
    if found.dtype != dtype:
        raise OpError(
            f"The operator {op} requires kvalue dtype equal to src dtype {dtype_text(dtype)} , "
            f"but got {dtype_text(found.dtype)}"
        )
    return True


def _compare_attrs(op: str, mode: int, out_cols: int, count: str | None) -> None:
    if out_cols <= 0:
        raise OpError(f"The operator {op} requires out_cols > 0, but got {out_cols}")
    if count is not None:
        dtype_in(op, count, ("INT32", "UINT32"), "count_dtype to be INT32 or UINT32")


# ---------------------------------------------------------------------------
# tensor level: one wrapper, three forms
# ---------------------------------------------------------------------------

_EXCLUSIVE = (
    "gather() index form (dim, index), mask form (mask_pattern=...) and compare form "
    "(kvalue=..., cmp_mode=..., out_cols=...) are mutually exclusive; do not mix kwargs from different forms"
)


@wrapper("tensor.gather")
def tensor_gather(call: OpCall) -> IRType | None:
    passed = {name for name in ("dim", "index", "mask_pattern", "output_dtype", "kvalue", "cmp_mode", "out_cols")
              if given(call, name)}  # fmt: skip
    is_index = bool(passed & {"dim", "index"})
    is_mask = "mask_pattern" in passed
    is_compare = bool(passed & {"kvalue", "cmp_mode", "out_cols"})
    if is_index + is_mask + is_compare > 1:
        raise OpError(_EXCLUSIVE)
    if is_mask:
        return _tensor_gather_mask(call)
    if is_compare and not {"kvalue", "cmp_mode", "out_cols"} <= passed:
        raise OpError("gather() compare form requires kvalue, cmp_mode and out_cols all set")
    if "output_dtype" in passed:
        raise OpError("output_dtype is only valid for the mask form of gather(); use mask_pattern=<int>")
    if is_compare:
        return _tensor_gather_compare(call)
    if not is_index:
        raise OpError(
            "gather() requires (dim, index) for index form, mask_pattern=<int> for mask form, "
            "or (kvalue=..., cmp_mode=..., out_cols=...) for compare form"
        )
    if not {"dim", "index"} <= passed:
        raise OpError("gather() index form requires both dim and index")
    return _tensor_gather_index(call)


def _dim(call: OpCall) -> int | None:
    """`dim` as the IR builder reads it: an int, or an integer constant (a positional
    literal; a negative one is read only by keyword here)."""
    node = call.nodes.get("dim")
    if node is None:
        return None
    value = call.evaluate(node)
    if "dim" not in call.keywords and not (isinstance(value, int) and value >= 0):
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _tensor_gather_index(call: OpCall) -> IRType | None:
    op = "tensor.gather"
    given = python_type_text(call, "dim")  # the IR builder takes an int or a ConstInt
    if given is not None:
        raise OpError(f"dim must be int or ConstInt, got {given}")
    dim = _dim(call)
    if dim is None:
        return None
    source = of_kind(call, "input", TensorType, op, "input")
    if source is None or source.dtype is None or source.shape is None:
        return None
    dtype_in(op, source.dtype, _GATHER_DTYPES, f"input {_GATHER_TO_BE}")
    index = of_kind(call, "index", TensorType, op, "index")
    if index is None or index.dtype is None or index.shape is None:
        return None
    _index_dtype(op, index.dtype, source.dtype, ("index", "input"))
    rank = len(source.shape)
    if rank < 2:
        raise OpError(f"The operator {op} requires rank >= 2, but got rank {rank}")
    if len(index.shape) != rank:
        raise OpError(
            f"The operator {op} requires index rank ({len(index.shape)}) to match input rank ({rank})"
        )
    axis = dim + rank if dim < 0 else dim
    if not 0 <= axis < rank:
        raise OpError(f"The operator {op} requires dim in [{-rank}, {rank - 1}], but got dim={dim}")
    for i, (a, b) in enumerate(zip(index.shape, source.shape)):
        if i != axis and static_int(a) is not None and static_int(b) is not None and a > b:
            raise OpError(
                f"The operator {op} requires index.shape[{i}] ({a}) <= input.shape[{i}] ({b}) on non-gather axes"
            )
    built(call, ["input", "index"], {"dim": const(call, "input", dim)}, op)
    return TensorType(index.shape, source.dtype, view=None)


def _tensor_gather_mask(call: OpCall) -> IRType | None:
    op = "tensor.gather_mask"
    found = _mask_source(call, TensorType, op, "input", "input")
    if found is None:
        return None
    pattern, output, source = found
    rank_in(op, source.shape, (2,), "2D input")
    _pattern_range(op, pattern)
    cols = _masked_cols(op, source.shape[1], pattern)
    if output is not None:
        _same_bits(op, source.dtype, output, "input")
    if cols is None:
        return None
    built(call, ["input"], _mask_kwargs(call, "input", pattern, output), op)
    return TensorType((source.shape[0], cols), output or source.dtype, view=None)


def _tensor_gather_compare(call: OpCall) -> IRType | None:
    op = "tensor.gather_compare"
    found = _compare_source(call, TensorType, op, "input")
    if found is None:
        return None
    (mode, out_cols, count), source = found
    _compare_attrs(op, mode, out_cols, count)
    built(call, ["input", "kvalue"], _compare_built(call, "input", mode, out_cols, count), op)
    return TupleType(
        (
            TensorType((source.shape[0], out_cols), "INT32", view=None),
            TensorType((1, source.shape[0]), count or "INT32", view=None),
        )
    )
