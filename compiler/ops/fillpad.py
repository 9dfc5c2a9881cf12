"""`fillpad`, `fillpad_inplace` and `fillpad_expand` of both levels: the padding of a
partially valid tile or tensor, after which the whole of it is valid
(src/ir/op/tile_ops/elementwise.cpp, src/ir/op/tensor_ops/memory.cpp). The builders
normalize `pad_value` first (ir/op/_pad_value.py)."""

from __future__ import annotations

from dataclasses import replace

from compiler.ir import IRType, TensorType, TileType
from compiler.ir.types import TensorView, TileView, UnknownView
from compiler.ir.views import canonical_tensor_view, effective_tile_view
from compiler.ops.call import OpCall, OpError
from compiler.ops.memory_operands import operand_of, pad_value
from compiler.ops.registry import wrapper
from compiler.ops.views import tile_result


def _tile_source(call: OpCall, op: str) -> TileType | None:
    return operand_of(call, TileType, f"The operator {op} requires first argument to be a TileType, but got ")


def _padded(source: TileType, shape: tuple | None, pad: str | None) -> TileType:
    """A tile of `shape`, fully valid, padded with `pad`, in the source's layout (output
    memory Vec)."""
    effective = effective_tile_view(source)
    if shape is None or effective is None or pad is None:
        return TileType(shape, source.dtype, source.memory or "Vec")
    view = TileView(
        valid_shape=tuple(shape),
        blayout=effective.blayout,
        slayout=effective.slayout,
        pad=pad,
        compact=effective.compact,
    )
    return tile_result(shape, source.dtype, view, source.memory, output_memory="Vec")


@wrapper("tile.fillpad", "tile.fillpad_inplace")
def tile_fillpad(call: OpCall) -> IRType | None:
    """The tile fully valid, its padding `pad_value`."""
    pad = pad_value(call, "pad_value")
    source = _tile_source(call, call.op)
    return None if source is None else _padded(source, source.shape, pad)


@wrapper("tile.fillpad_expand")
def tile_fillpad_expand(call: OpCall) -> IRType | None:
    """A larger tile: the source's valid region top-left, the rest `pad_value`."""
    pad = pad_value(call, "pad_value")
    source = _tile_source(call, "tile.fillpad_expand")
    if source is None:
        return None
    return _padded(source, _expanded_shape(call, source.shape, "tile.fillpad_expand"), pad)


def _expanded_shape(call: OpCall, source: tuple | None, op: str) -> tuple[int, ...] | None:
    """The destination shape's checks: the source's rank, static, positive, no smaller."""
    items = call.items("shape")
    if items is None or source is None:
        return None
    if len(items) != len(source):
        raise OpError(f"{op} shape rank ({len(items)}) must match source rank ({len(source)})")
    shape: list[int] = []
    for index, item in enumerate(items):
        value = getattr(item, "value", None)
        if not isinstance(value, int) or isinstance(value, bool):
            raise OpError(f"{op} shape dimension {index} must be a constant integer")
        if value <= 0:
            raise OpError(f"{op} shape dimension {index} must be positive, got {value}")
        if isinstance(source[index], int) and value < source[index]:
            raise OpError(
                f"{op} destination dimension {index} ({value}) must be >= source dimension ({source[index]})"
            )
        shape.append(value)
    return tuple(shape)


@wrapper("tensor.fillpad")
def tensor_fillpad(call: OpCall) -> IRType | None:
    """`DeduceTensorFillpadType`: the view kept, fully valid."""
    pad_value(call, "pad_value")
    source = operand_of(
        call, TensorType, "tensor.fillpad requires first argument to be a TensorType, but got "
    )
    if source is None:
        return None
    if isinstance(source.view, UnknownView) or source.shape is None:
        return TensorType(source.shape, source.dtype, source.layout)
    view = (
        None
        if source.view is None
        else canonical_tensor_view(replace(source.view, valid_shape=()), source.shape, None)
    )
    return TensorType(source.shape, source.dtype, source.layout, view=view)


@wrapper("tensor.fillpad_expand")
def tensor_fillpad_expand(call: OpCall) -> IRType | None:
    """`DeduceTensorFillpadExpandType`: a fresh, larger tensor, fully valid."""
    pad = pad_value(call, "pad_value")
    source = operand_of(
        call, TensorType, "tensor.fillpad_expand requires first argument to be a TensorType, but got "
    )
    if source is None:
        return None
    shape = _expanded_shape(call, source.shape, "tensor.fillpad_expand")
    if shape is None or pad is None or isinstance(source.view, UnknownView):
        return TensorType(shape, source.dtype, source.layout)
    base = source.view or TensorView()
    view = canonical_tensor_view(replace(base, valid_shape=(), pad=pad), shape, source.layout)
    return TensorType(shape, source.dtype, source.layout, view=view)
