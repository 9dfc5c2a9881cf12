"""Scatters: `pl.tile.scatter` / `scatter_mask` (src/ir/op/tile_ops/scatter.cpp), the
tensor-level `pl.scatter` / `pl.tensor.scatter`, whose wrapper picks the index or mask
form by its keywords (src/ir/op/tensor_ops/scatter.cpp).
(`pl.tensor.scatter_update` takes `*args, **kwargs` that its IR builder sorts out: not
typed here.)

All of them write into their destination operand and return its type.
"""

from __future__ import annotations

from typing import Any

from compiler.ir import IRType, TensorType, TileType
from compiler.ir.types import UNKNOWN_VIEW
from compiler.ir.views import effective_tile_view
from compiler.ops.call import OpCall, OpError
from compiler.ops.operands import built, const, kwarg_type_error, operand, tile_result, wrapper_value
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import FLOAT_BITS, SIGNED_BITS, UNSIGNED_BITS, dtype_text, static_int

_ELEMENT_DTYPES = ("FP16", "FP32", "BF16", "INT16", "INT32", "INT8")
_ELEMENTS = "{I8, I16, I32, FP16, FP32, BF16}"


def _bytes(dtype: str) -> int:
    return (FLOAT_BITS.get(dtype) or SIGNED_BITS.get(dtype) or UNSIGNED_BITS.get(dtype) or 0) // 8


def _of_kind(call: OpCall, param: str, kind: type, op: str, which: str) -> Any:
    return operand(
        call, param, kind, f"The operator {op} requires {which} to be a {kind.ir_class_name}, but got {{got}}"
    )


def _element(op: str, which: str, dtype: str) -> None:
    if dtype not in _ELEMENT_DTYPES:
        raise OpError(f"The operator {op} requires {which} dtype in {_ELEMENTS}, but got {dtype_text(dtype)}")


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


def _mask_pattern(op: str, call: OpCall) -> int | None:
    value = wrapper_value(call, "mask_pattern")
    error = kwarg_type_error(op, "mask_pattern", value, "int")
    if error is not None:
        raise error
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _mask_stride(pattern: int) -> int:
    return 1 if pattern == 7 else 2 if pattern <= 2 else 4


@wrapper("tile.scatter")
def tile_scatter(call: OpCall) -> IRType | None:
    op = "tile.scatter"
    dst = _of_kind(call, "dst", TileType, op, "dst")
    if dst is None or dst.dtype is None:
        return None
    _element(op, "dst", dst.dtype)
    src = _of_kind(call, "src", TileType, op, "src")
    if src is None or src.dtype is None:
        return None
    _element(op, "src", src.dtype)
    if dst.dtype != src.dtype:
        raise OpError(
            f"The operator {op} requires dst dtype ({dtype_text(dst.dtype)}) to match src dtype ({dtype_text(src.dtype)})"
        )
    indexes = _of_kind(call, "indexes", TileType, op, "indexes")
    if indexes is None or indexes.dtype is None:
        return None
    if indexes.dtype not in ("INT16", "INT32"):
        raise OpError(
            f"The operator {op} requires indexes dtype in {{INT16, INT32}}, but got {dtype_text(indexes.dtype)}"
        )
    _index_width(op, dst.dtype, indexes.dtype, ("dst", "indexes"))
    if src.shape is None or dst.shape is None or indexes.shape is None:
        return None
    if len(src.shape) != 2 or len(dst.shape) != 2:
        raise OpError(
            f"The operator {op} requires 2D src/dst tiles, but got src rank {len(src.shape)} and dst rank {len(dst.shape)}"
        )
    if len(indexes.shape) != 2:
        raise OpError(f"The operator {op} requires 2D indexes tile, but got rank {len(indexes.shape)}")
    _same_extent(op, 0, src.shape[0], indexes.shape[0], ("src", "indexes"), "rows")
    _same_extent(op, 1, src.shape[1], indexes.shape[1], ("src", "indexes"), "cols")
    return _scatter_result(dst)


def _scatter_result(dst: TileType) -> TileType:
    """MakeScatterResultType: the destination's type, its effective view kept."""
    return tile_result(dst.shape, dst.dtype, dst.memory, effective_tile_view(dst) or UNKNOWN_VIEW)


@wrapper("tile.scatter_mask")
def tile_scatter_mask(call: OpCall) -> IRType | None:
    op = "tile.scatter_mask"
    pattern = _mask_pattern(op, call)
    if pattern is None:
        return None
    dst = _of_kind(call, "dst", TileType, op, "dst")
    if dst is None or dst.dtype is None:
        return None
    _element(op, "dst", dst.dtype)
    src = _of_kind(call, "src", TileType, op, "src")
    if src is None or src.dtype is None:
        return None
    _element(op, "src", src.dtype)
    if dst.dtype != src.dtype:
        raise OpError(
            f"The operator {op} requires dst and src to have the same dtype, got "
            f"{dtype_text(dst.dtype)} vs {dtype_text(src.dtype)}"
        )
    if src.shape is None or dst.shape is None:
        return None
    if len(src.shape) != 2 or len(dst.shape) != 2:
        raise OpError(
            f"The operator {op} requires 2D src/dst tiles, but got src rank {len(src.shape)} and dst rank {len(dst.shape)}"
        )
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
    dim = wrapper_value(call, "dim")
    error = kwarg_type_error(op, "dim", dim, "int")
    if error is not None:
        raise error
    if not isinstance(dim, int) or isinstance(dim, bool):
        return None
    target = _of_kind(call, "input", TensorType, op, "input")
    if target is None or target.dtype is None:
        return None
    _element(op, "input", target.dtype)
    index = _of_kind(call, "index", TensorType, op, "index")
    if index is None or index.dtype is None:
        return None
    if index.dtype not in ("INT16", "INT32"):
        raise OpError(
            f"The operator {op} requires index dtype in {{INT16, INT32}}, but got {dtype_text(index.dtype)}"
        )
    src = _of_kind(call, "src", TensorType, op, "src")
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
    if len(index.shape) != 2:
        raise OpError(f"The operator {op} requires 2D index, but got rank {len(index.shape)}")
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
    pattern = _mask_pattern(op, call)
    if pattern is None:
        return None
    source = _of_kind(call, "input", TensorType, op, "input")
    if source is None or source.dtype is None:
        return None
    _element(op, "input", source.dtype)
    dst = _of_kind(call, "dst", TensorType, op, "dst")
    if dst is None or dst.dtype is None:
        return None
    _element(op, "dst", dst.dtype)
    if source.dtype != dst.dtype:
        raise OpError(
            f"The operator {op} requires input and dst to have the same dtype, got "
            f"{dtype_text(source.dtype)} vs {dtype_text(dst.dtype)}"
        )
    if source.shape is None or dst.shape is None:
        return None
    if len(source.shape) != 2 or len(dst.shape) != 2:
        raise OpError(
            f"The operator {op} requires 2D input/dst, but got input rank {len(source.shape)} and dst rank {len(dst.shape)}"
        )
    if not 1 <= pattern <= 7:
        raise OpError(f"The operator {op} requires mask_pattern in [1, 7], but got {pattern}")
    _mask_columns(op, pattern, source.shape[1], dst.shape[1], "input")
    built(call, ["input", "dst"], {"mask_pattern": const(call, "input", pattern)}, op)
    return TensorType(dst.shape, dst.dtype, view=None)
