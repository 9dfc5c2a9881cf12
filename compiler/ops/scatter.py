"""Scatters: `pl.tile.scatter` / `scatter_mask` (src/ir/op/tile_ops/scatter.cpp), the
tensor-level `pl.scatter` / `pl.tensor.scatter`, whose wrapper picks the index or mask
form by its keywords (src/ir/op/tensor_ops/scatter.cpp), and `pl.tile.mscatter`, a tile
into a tensor at per-element indices (src/ir/op/tile_ops/memory.cpp).
`pl.scatter_update` (both levels) takes `*args, **kwargs`, which its IR builder sorts into
(input, index, src) and the attribute `dim` (src/ir/op/{tensor,tile}_ops/ scatter_update).

All of them write into their destination operand and return its type.
"""

from __future__ import annotations

from typing import Any

from compiler.ir import Const, Expr, IRType, ScalarType, TensorType, TileType
from compiler.ir.types import UNKNOWN_VIEW
from compiler.ir.views import effective_tile_view
from compiler.ops.call import OpCall, OpError
from compiler.ops.memory_operands import expr_class_name
from compiler.ops.operands import (
    built,
    const,
    dtype_in,
    int_kwarg,
    of_kind,
    operand,
    rank_in,
    tile_result,
    wrapper_value,
)
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import dtype_bits, dtype_text, ir_type_name, static_int
from compiler.ops.views import tile_result as viewed_tile_result

_ELEMENT_DTYPES = ("FP16", "FP32", "BF16", "INT16", "INT32", "INT8")
_ELEMENTS = "{I8, I16, I32, FP16, FP32, BF16}"


def _bytes(dtype: str) -> int:
    return dtype_bits(dtype) // 8


def _element(call: OpCall, param: str, kind: type, op: str) -> Any:
    """An operand holding the scattered elements: its class, then its dtype checked; None
    when either is not known."""
    found = of_kind(call, param, kind, op, param)
    if found is None or found.dtype is None:
        return None
    dtype_in(op, found.dtype, _ELEMENT_DTYPES, f"{param} dtype in {_ELEMENTS}")
    return found


def _elements(call: OpCall, kind: type, op: str, first: str, second: str) -> tuple[Any, Any] | None:
    """Two element operands, checked in this order; None when one is not known."""
    a = _element(call, first, kind, op)
    b = _element(call, second, kind, op) if a is not None else None
    return None if a is None or b is None else (a, b)


def _index(call: OpCall, param: str, kind: type, op: str) -> Any:
    """The index operand: INT16 or INT32 elements; None when not known."""
    found = of_kind(call, param, kind, op, param)
    if found is None or found.dtype is None:
        return None
    dtype_in(op, found.dtype, ("INT16", "INT32"), f"{param} dtype in {{INT16, INT32}}")
    return found


def _index_width(op: str, target: str, index: str, words: tuple[str, str]) -> None:
    """An index element is as wide as a target element (2 bytes for a 1-byte target)."""
    target_bytes, index_bytes = _bytes(target), _bytes(index)
    required = 2 if target_bytes == 1 else target_bytes
    if index_bytes != required:
        what, idx = words
        raise OpError(
            f"The operator {op} with {what} dtype {dtype_text(target)} ({target_bytes} bytes) requires {idx} dtype "
            f"of {required} bytes, but got {dtype_text(index)} ({index_bytes} bytes)"
        )


def _same_extent(op: str, axis: int, a: Any, b: Any, names: tuple[str, str], word: str) -> None:
    x, y = static_int(a), static_int(b)
    if x is not None and y is not None and x != y:
        first, second = names
        raise OpError(
            f"The operator {op} requires {second}.shape[{axis}] == {first}.shape[{axis}], got {first} {word} {x} "
            f"vs {second} {word} {y}"
        )


def _both_2d(op: str, first: tuple[str, tuple], second: tuple[str, tuple], noun: str) -> None:
    (a, a_shape), (b, b_shape) = first, second
    if len(a_shape) != 2 or len(b_shape) != 2:
        raise OpError(
            f"The operator {op} requires 2D {a}/{b}{noun}, but got {a} rank {len(a_shape)} and {b} rank {len(b_shape)}"
        )


def _mask_operands(
    call: OpCall, kind: type, op: str, names: tuple[str, str], noun: str
) -> tuple[int, Any, Any] | None:
    """The mask form's checks up to the ranks: `mask_pattern` (an int), the two element
    operands `names` in this order, one dtype, both 2D (`noun`: " tiles" at tile level).
    None when one is not known."""
    pattern = int_kwarg(op, "mask_pattern", wrapper_value(call, "mask_pattern"))
    if pattern is None:
        return None
    pair = _elements(call, kind, op, *names)
    if pair is None:
        return None
    (a_name, b_name), (a, b) = names, pair
    if a.dtype != b.dtype:
        raise OpError(
            f"The operator {op} requires {a_name} and {b_name} to have the same dtype, got "
            f"{dtype_text(a.dtype)} vs {dtype_text(b.dtype)}"
        )
    if a.shape is None or b.shape is None:
        return None
    by_name = dict(zip(names, pair))
    source = next(name for name in names if name != "dst")  # the rank message names it first
    _both_2d(op, (source, by_name[source].shape), ("dst", by_name["dst"].shape), noun)
    return pattern, a, b


def _mask_stride(pattern: int) -> int:
    return 1 if pattern == 7 else 2 if pattern <= 2 else 4


@wrapper("tile.scatter")
def tile_scatter(call: OpCall) -> IRType | None:
    op = "tile.scatter"
    pair = _elements(call, TileType, op, "dst", "src")
    if pair is None:
        return None
    dst, src = pair
    if dst.dtype != src.dtype:
        raise OpError(
            f"The operator {op} requires dst dtype ({dtype_text(dst.dtype)}) to match src dtype ({dtype_text(src.dtype)})"
        )
    indexes = _index(call, "indexes", TileType, op)
    if indexes is None:
        return None
    _index_width(op, dst.dtype, indexes.dtype, ("dst", "indexes"))
    if src.shape is None or dst.shape is None or indexes.shape is None:
        return None
    _both_2d(op, ("src", src.shape), ("dst", dst.shape), " tiles")
    rank_in(op, indexes.shape, (2,), "2D indexes tile")
    _same_extent(op, 0, src.shape[0], indexes.shape[0], ("src", "indexes"), "rows")
    _same_extent(op, 1, src.shape[1], indexes.shape[1], ("src", "indexes"), "cols")
    return _scatter_result(dst)


def _scatter_result(dst: TileType) -> TileType:
    """MakeScatterResultType: the destination's type, its effective view kept."""
    return tile_result(dst.shape, dst.dtype, dst.memory, effective_tile_view(dst) or UNKNOWN_VIEW)


@wrapper("tile.scatter_mask")
def tile_scatter_mask(call: OpCall) -> IRType | None:
    op = "tile.scatter_mask"
    found = _mask_operands(call, TileType, op, ("dst", "src"), " tiles")
    if found is None:
        return None
    pattern, dst, src = found
    if not 1 <= pattern <= 7:
        raise OpError(f"The operator {op} requires mask_pattern in range [1, 7], but got {pattern}")
    src_rows, dst_rows = static_int(src.shape[0]), static_int(dst.shape[0])
    if src_rows is not None and dst_rows is not None and src_rows != dst_rows:
        raise OpError(
            f"The operator {op} requires src.shape[0] == dst.shape[0], got src rows {src_rows} vs dst rows {dst_rows}"
        )
    _mask_columns(op, pattern, src.shape[1], dst.shape[1], "src")
    built(call, ["dst", "src"], {"mask_pattern": const(call, "dst", pattern)})
    return _scatter_result(dst)


def _mask_columns(op: str, pattern: int, source_cols: Any, dst_cols: Any, word: str) -> None:
    a, b = static_int(source_cols), static_int(dst_cols)
    stride = _mask_stride(pattern)
    if a is not None and b is not None and b != a * stride:
        raise OpError(
            f"The operator {op} with mask_pattern={pattern} requires dst.shape[1] ({b}) == {word}.shape[1] ({a}) * {stride}"
        )


# ---------------------------------------------------------------------------
# tensor level
# ---------------------------------------------------------------------------


@wrapper("tensor.scatter")
def tensor_scatter(call: OpCall) -> IRType | None:
    given = {name for name in ("dim", "index", "src", "mask_pattern", "dst") if call.has(name)}
    is_index = bool(given & {"dim", "index", "src"})
    is_mask = bool(given & {"mask_pattern", "dst"})
    if is_index and is_mask:
        raise OpError(
            "scatter() index form (dim, index, src) and mask form (mask_pattern, dst) are mutually exclusive; "
            "do not mix kwargs from different forms"
        )
    if is_mask:
        if not {"mask_pattern", "dst"} <= given:
            raise OpError("scatter() mask form requires both mask_pattern and dst")
        return _tensor_scatter_mask(call)
    if not is_index:
        raise OpError(
            "scatter() requires (dim, index, src) for index form, or (mask_pattern=<int>, dst=...) for mask form"
        )
    if not {"dim", "index", "src"} <= given:
        raise OpError("scatter() index form requires dim, index and src")
    return _tensor_scatter_index(call)


def _tensor_scatter_index(call: OpCall) -> IRType | None:
    op = "tensor.scatter"
    dim = int_kwarg(op, "dim", wrapper_value(call, "dim"))
    if dim is None:
        return None
    target = _element(call, "input", TensorType, op)
    if target is None:
        return None
    index = _index(call, "index", TensorType, op)
    if index is None:
        return None
    src = of_kind(call, "src", TensorType, op, "src")
    if src is None or src.dtype is None:
        return None
    if src.dtype != target.dtype:
        raise OpError(
            f"The operator {op} requires src dtype ({dtype_text(src.dtype)}) to match input dtype ({dtype_text(target.dtype)})"
        )
    _index_width(op, target.dtype, index.dtype, ("input", "index"))
    if target.shape is None or src.shape is None or index.shape is None:
        return None
    rank = len(target.shape)
    if rank != 2:
        raise OpError(f"The operator {op} currently supports rank-2 input only, got rank {rank}")
    if len(src.shape) != rank:
        raise OpError(f"The operator {op} requires src rank ({len(src.shape)}) to match input rank ({rank})")
    rank_in(op, index.shape, (2,), "2D index")
    if (dim + rank if dim < 0 else dim) != rank - 1:
        raise OpError(f"The operator {op} currently supports dim=-1 (last axis) only, got dim={dim}")
    _same_extent(op, 0, src.shape[0], index.shape[0], ("src", "index"), "rows")
    _same_extent(op, 1, src.shape[1], index.shape[1], ("src", "index"), "cols")
    for axis, word in ((0, "rows"), (1, "cols")):
        a, b = static_int(src.shape[axis]), static_int(target.shape[axis])
        if a is not None and b is not None and a > b:
            raise OpError(
                f"The operator {op} requires src.shape[{axis}] <= input.shape[{axis}], got src {word} {a} vs input {word} {b}"
            )
    built(call, ["input", "index", "src"], {"dim": const(call, "input", dim)}, op)
    return TensorType(target.shape, target.dtype, view=None)


def _tensor_scatter_mask(call: OpCall) -> IRType | None:
    op = "tensor.scatter_mask"
    found = _mask_operands(call, TensorType, op, ("input", "dst"), "")
    if found is None:
        return None
    pattern, source, dst = found
    if not 1 <= pattern <= 7:
        raise OpError(f"The operator {op} requires mask_pattern in [1, 7], but got {pattern}")
    _mask_columns(op, pattern, source.shape[1], dst.shape[1], "input")
    built(call, ["input", "dst"], {"mask_pattern": const(call, "input", pattern)}, op)
    return TensorType(dst.shape, dst.dtype, view=None)


@wrapper("tile.mscatter")
def tile_mscatter(call: OpCall) -> IRType | None:
    """`DeduceTileMscatterType`: `output_tensor[idx[i, j]] = src[i, j]`; the output
    tensor's own type (a distributed window's slice kept as it is)."""
    op = "tile.mscatter"
    src = of_kind(call, "src", TileType, op, "first argument")
    if src is None or src.dtype is None:
        return None
    dtype_in(op, src.dtype, ("FP16", "FP32", "INT16", "INT32"), "src dtype to be FP16, FP32, INT16, or INT32")
    idx = of_kind(call, "idx", TileType, op, "second argument")
    if idx is None or idx.dtype is None:
        return None
    dtype_in(op, idx.dtype, ("INT32",), "idx dtype to be INT32")
    if src.shape is None or idx.shape is None:
        return None
    if len(idx.shape) != len(src.shape):
        raise OpError(
            f"The operator {op} requires idx rank to match src rank ({len(src.shape)}), but got {len(idx.shape)}"
        )
    for axis, (src_dim, idx_dim) in enumerate(zip(src.shape, idx.shape, strict=True)):
        x, y = static_int(src_dim), static_int(idx_dim)
        if x is not None and y is not None and x != y:
            raise OpError(
                f"The operator {op} requires idx shape to match src shape at dimension {axis}, but got {y} vs {x}"
            )
    output = operand(
        call,
        "output_tensor",
        TensorType,
        f"The operator {op} requires third argument to be a TensorType or DistributedTensorType, but got {{got}}",
    )
    if output is None or output.shape is None or output.dtype is None:
        return None
    if not output.shape:
        raise OpError(
            f"The operator {op} requires output_tensor to have at least 1 dimension (scalar not supported)"
        )
    if output.dtype != src.dtype:
        raise OpError(
            f"The operator {op} requires output_tensor dtype ({dtype_text(output.dtype)}) to match src dtype "
            f"({dtype_text(src.dtype)})"
        )
    return output


# ---------------------------------------------------------------------------
# scatter_update: whole rows, `*args, **kwargs` sorted out by the IR builder
# ---------------------------------------------------------------------------

_UPDATE_FORMS = (
    "scatter_update expects (input, dim, index, src), (input, index, src, dim=...), "
    "or (input, dim, index=..., src=...)"
)


def _update_operands(call: OpCall) -> tuple[Any, Any, Any] | None:
    """(dim, index, src) as the builder reads its call forms, each an (expr, node) pair for
    the operands and the dim's static value; None when the dim is not static."""
    extra = list(zip(call.nodes["*args"].elts, call.values["*args"])) if call.has("*args") else []  # type: ignore[attr-defined]
    named = {key: (call.nodes[key], call.values.get(key)) for key in ("dim", "index", "src") if call.has(key)}
    dim, index, src = (named.get(key) for key in ("dim", "index", "src"))
    if len(extra) == 3 and not named:
        dim, index, src = extra
    elif len(extra) == 2 and dim is not None and index is None and src is None:
        index, src = extra
    elif len(extra) == 1 and dim is None and index is not None and src is not None:
        dim = extra[0]
    elif extra:
        raise OpError(_UPDATE_FORMS)
    if dim is None or index is None or src is None:
        raise OpError("scatter_update requires input, dim, index, and src")
    if isinstance(dim[1], Expr) and not isinstance(dim[1], Const) and isinstance(dim[1].type, ScalarType):
        named = expr_class_name(dim[1])  # a Scalar the wrapper unwrapped: an IR expression, no ConstInt
        if named is not None:
            raise OpError(f"dim must be int or ConstInt, got <class 'pypto.pypto_core.ir.{named}'>")
    value = call.evaluate(dim[0])
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    return value, index[1], src[1]


def _update_type(op: str, expr: Any, kind: type, what: str) -> Any:
    """The operand's type when it is a `kind`; the deduction's error when it is known not to be."""
    found = expr.type if isinstance(expr, Expr) else None
    if isinstance(found, kind):
        return found
    got = ir_type_name(found)
    if got is not None:
        raise OpError(f"{op}: {what} must be {kind.ir_class_name}, got {got}")
    return None


def _scatter_update(call: OpCall, kind: type) -> IRType | None:
    """`DeduceTensorScatterUpdateType` / `DeduceTileScatterUpdateType`: a 2D or 4D input,
    a 2D integer index, a source of the input's rank and dtype, `dim` -2 only."""
    op = f"{kind.ir_class_name[:-4].lower()}.scatter_update"
    found = _update_operands(call)
    if found is None:
        return None
    dim, index_expr, src_expr = found
    target = _update_type(op, call.expr("input"), kind, "input")
    if target is None or target.shape is None:
        return None
    if len(target.shape) not in (2, 4):
        raise OpError(f"{op}: input must be 2D or 4D, got rank {len(target.shape)}")
    index = _update_type(op, index_expr, kind, "index")
    if index is None or index.shape is None or index.dtype is None:
        return None
    if len(index.shape) != 2:
        raise OpError(f"{op}: index must be 2D [b, s], got rank {len(index.shape)}")
    if index.dtype.startswith(("FP", "BF")):
        raise OpError(f"{op}: index dtype must be integer, got {dtype_text(index.dtype)}")
    src = _update_type(op, src_expr, kind, "src")
    if src is None or src.shape is None or src.dtype is None or target.dtype is None:
        return None
    if len(src.shape) != len(target.shape):
        raise OpError(f"{op}: src rank ({len(src.shape)}) must match input rank ({len(target.shape)})")
    if src.dtype != target.dtype:
        raise OpError(
            f"{op}: src dtype ({dtype_text(src.dtype)}) must match input dtype ({dtype_text(target.dtype)})"
        )
    if dim != -2:
        raise OpError(f"{op}: only dim=-2 is currently supported, got {dim}")
    call.built.update(args=[call.expr("input"), index_expr, src_expr], kwargs={"dim": dim})
    if kind is TensorType:
        return TensorType(target.shape, target.dtype, view=None)
    # The input's effective view, its valid shape the input's shape where it has none.
    effective = effective_tile_view(target)
    if effective is None:
        return TileType(target.shape, target.dtype, target.memory or "Vec")
    return viewed_tile_result(target.shape, target.dtype, effective, target.memory, output_memory="Vec")


@wrapper("tensor.scatter_update")
def tensor_scatter_update(call: OpCall) -> IRType | None:
    return _scatter_update(call, TensorType)


@wrapper("tile.scatter_update")
def tile_scatter_update(call: OpCall) -> IRType | None:
    return _scatter_update(call, TileType)
