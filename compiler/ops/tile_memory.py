"""`pl.tile.load`, `pl.tile.store`, `pl.tile.create`, `pl.tile.full`: the wrappers, their
IR builders and the deductions of src/ir/op/tile_ops/memory.cpp."""

from __future__ import annotations

import ast

from compiler.ir import IRType, TensorType, TileType
from compiler.ir.types import UNKNOWN_VIEW, TileView, UnknownView
from compiler.ir.views import canonical_tensor_view, canonical_tile_view, dims_equal
from compiler.ops.call import OpCall, OpError, is_wrapped
from compiler.ops.operands import UNKNOWN_DIM, dims, flag, valid_shape_of
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import ir_type_name
from compiler.ops.valid_region import (
    Unsettled,
    WindowRead,
    Write,
    infer_window_read_valid_shape,
    infer_write_valid_shape_union,
)

_MX_LAYOUTS = ("MX_A_ZZ", "MX_B_NN")
_LOAD_REMEDY = "Pass clamp=True -- pl.load(x, offsets, shapes, clamp=True) -- to narrow the read to the source edge instead"
_STORE_REMEDY = (
    "A store performs no layout conversion (RFC #1300 P7): the offsets and the tile extent must already be "
    "in the destination's coordinate system. If the tile was read through a view whose layout differs from "
    "the destination's -- a DN view transposes it -- take the matching view of the destination, "
    "pl.view(out, layout=...), and store into that"
)


@wrapper("tile.load")
def load(call: OpCall) -> IRType:
    source = call.type_of("tensor")
    memory = call.memory("target_memory", "Vec")
    # ir/op/tile_ops.py: the target memory, then the ranks, before the C++ deduction.
    if memory is not None and memory not in ("Vec", "Mat") and _layout(source) not in _MX_LAYOUTS:
        raise OpError(
            f"target_memory for tile.load must be MemorySpace.Vec or MemorySpace.Mat, got MemorySpace.{memory}"
        )
    offsets, shapes = call.list_length("offsets"), call.list_length("shapes")
    if offsets is not None and shapes is not None:
        if offsets != shapes:
            raise OpError(
                "offsets and shapes must have same number of dimensions, "
                f"got {offsets} offsets and {shapes} shapes"
            )
        if offsets == 0:
            raise OpError("offsets and shapes must have at least one dimension")
    valid = call.list_length("valid_shape")
    if valid is not None and shapes is not None and valid != shapes:
        raise OpError(
            "valid_shape and shapes must have same number of dimensions, "
            f"got {valid} valid_shape dimensions and {shapes} shapes"
        )
    got = ir_type_name(source)
    if got is not None and not isinstance(source, TensorType) and is_wrapped(call.expr("tensor")):
        raise OpError(
            "The operator tile.load requires first argument to be a TensorType or "
            f"DistributedTensorType, but got {got}"
        )
    tile_shape = dims(call, "shapes")
    if not isinstance(source, TensorType) or tile_shape is None:
        return TileType(call.dims("shapes"), source.dtype if isinstance(source, TensorType) else None, memory)
    if source.layout in _MX_LAYOUTS:
        return TileType(tile_shape, source.dtype, memory)  # MX scale loads: not modelled
    requested = dims(call, "valid_shape") if call.has("valid_shape") else tile_shape
    view = _load_view(call, source, tile_shape, requested, memory)
    return TileType(tile_shape, source.dtype, memory, view)


def _load_view(
    call: OpCall,
    source: TensorType,
    tile_shape: tuple,
    requested: tuple | None,
    memory: str | None,
) -> TileView | UnknownView | None:
    """`DeduceTileLoadType`'s view: the layout of the target memory, and the valid
    shape of the window read (whose bounds it checks)."""
    if memory is None or requested is None:
        return UNKNOWN_VIEW
    view = TileView()
    if memory == "Mat":
        view = TileView(blayout="col_major", slayout="row_major")
        if source.layout == "DN":
            view = TileView(blayout="row_major", slayout="col_major")
        if len(tile_shape) == 2 and (tile_shape[1] if source.layout == "DN" else tile_shape[0]) == 1:
            view = TileView(blayout="row_major", slayout="none_box")
    elif tile_shape and tile_shape[-1] == 1:
        view = TileView(blayout="col_major")
    if source.shape is None or len(tile_shape) != len(source.shape):
        valid = requested  # a reinterpreting lower-rank window keeps the valid shape it was given
    else:
        clamp = flag(call, "clamp")
        offsets = dims(call, "offsets")
        if clamp is None or offsets is None:
            return UNKNOWN_VIEW
        source_valid = valid_shape_of(source) or (UNKNOWN_DIM,) * len(source.shape)
        try:
            extents = infer_window_read_valid_shape(
                WindowRead(
                    source_physical=source.shape,
                    source_valid=source_valid,
                    offsets=offsets,
                    window=tile_shape,
                    requested_valid=requested,
                    exact=False,
                    clamp=clamp,
                    op_name="tile.load",
                    bounds_remedy=_LOAD_REMEDY,
                )
            )
        except Unsettled:
            return UNKNOWN_VIEW
        if any(extent is None for extent in extents):
            return UNKNOWN_VIEW
        valid = extents
    return canonical_tile_view(
        TileView(valid_shape=tuple(valid), blayout=view.blayout, slayout=view.slayout),
        tile_shape,
        memory,
    )


def _layout(source: IRType | None) -> str | None:
    return source.layout if isinstance(source, TensorType) else None


@wrapper("tile.store")
def store(call: OpCall) -> IRType:
    tile = call.type_of("tile")
    got = ir_type_name(tile)
    if got is not None and not isinstance(tile, TileType) and is_wrapped(call.expr("tile")):
        raise OpError(f"The operator tile.store requires first argument to be a TileType, but got {got}")
    output = call.type_of("output_tensor")
    offsets_ok = isinstance(call.nodes.get("offsets"), (ast.List, ast.Tuple))
    got = ir_type_name(output)
    if (
        isinstance(tile, TileType)
        and offsets_ok
        and got is not None
        and not isinstance(output, TensorType)
        and is_wrapped(call.expr("output_tensor"))
    ):
        raise OpError(
            "The operator tile.store requires third argument to be a TensorType or "
            f"DistributedTensorType, but got {got}"
        )
    if not isinstance(output, TensorType):
        return TensorType(None, None)
    if (
        not isinstance(tile, TileType)
        or not offsets_ok
        or (call.has("shapes") and not _is_none(call, "shapes"))
    ):
        return output
    return _stored(call, tile, output)


def _is_none(call: OpCall, param: str) -> bool:
    node = call.nodes.get(param)
    return isinstance(node, ast.Constant) and node.value is None


def _stored(call: OpCall, tile: TileType, output: TensorType) -> TensorType:
    """`DeduceTileStoreType`'s bounds and valid-region union: the destination's type
    when the store leaves its valid region as it was."""
    offsets = dims(call, "offsets")
    if tile.shape is None or output.shape is None or offsets is None:
        return _unknown_view(output)
    if len(tile.shape) != len(output.shape) or len(offsets) != len(output.shape):
        return output  # a reinterpreting store keeps the destination type
    transfer_valid = valid_shape_of(tile)
    dest_valid = valid_shape_of(output)
    if transfer_valid is None:
        # The bounds need the extent moved; the union of a fully valid destination is itself.
        return (
            output
            if dest_valid is not None and dims_equal(dest_valid, output.shape)
            else _unknown_view(output)
        )
    try:
        result_valid = infer_write_valid_shape_union(
            Write(
                target_physical=output.shape,
                target_valid=dest_valid or (UNKNOWN_DIM,) * len(output.shape),
                source_physical=tile.shape,
                source_valid=transfer_valid,
                offsets=offsets,
                exact=False,
                op_name="tile.store",
                bounds_remedy=_STORE_REMEDY,
            )
        )
    except Unsettled:
        return _unknown_view(output)
    if dest_valid is not None and dims_equal(result_valid, dest_valid):
        return output
    view = canonical_tensor_view(
        _with_valid(output, result_valid),
        output.shape,
        output.layout,
    )
    return TensorType(output.shape, output.dtype, output.layout, output.distributed, view)


def _with_valid(output: TensorType, valid: tuple) -> object:
    from dataclasses import replace

    from compiler.ir.types import TensorView

    base = output.view if isinstance(output.view, TensorView) else TensorView()
    return replace(base, valid_shape=valid)


def _unknown_view(output: TensorType) -> TensorType:
    return TensorType(output.shape, output.dtype, output.layout, output.distributed, UNKNOWN_VIEW)


@wrapper("tile.create")
def create(call: OpCall) -> IRType:
    # The wrapper always passes target_memory (default Vec), which the type carries.
    return TileType(call.dims("shape"), call.dtype("dtype"), call.memory("target_memory", "Vec"))


@wrapper("tile.full")
def full(call: OpCall) -> IRType:
    return TileType(call.dims("shape"), call.dtype("dtype"))
