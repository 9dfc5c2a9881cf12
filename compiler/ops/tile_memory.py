"""`pl.tile.load`, `pl.tile.store`, `pl.tile.create`, `pl.tile.full`: the wrappers, their
IR builders and the deductions of src/ir/op/tile_ops/memory.cpp."""

from __future__ import annotations

import ast
from dataclasses import replace

from compiler.ir import Const, Expr, IRType, TensorType, TileType
from compiler.ir.types import UNKNOWN_VIEW, TensorView, TileView, UnknownView
from compiler.ir.views import (
    canonical_tensor_view,
    canonical_tile_view,
    dims_equal,
    effective_tile_view,
    implicit_tile_layout,
    valid_shape,
)
from compiler.ops.call import BINDING_MISMATCH, OpCall, OpError, is_wrapped
from compiler.ops.memory_operands import (
    dims,
    dtype_string,
    element_read,
    element_write,
    enum_member,
    expr_class_name,
    flag,
    is_none,
    operand_of,
    scalar_dtype,
)
from compiler.ops.operands import RAW_CONSTANT, given, wrapper_value
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import ir_type_name
from compiler.ops.valid_region import Unsettled, read_window, write_union
from compiler.ops.views import tile_result
from compiler.ops.wrapping import py_class

_MX_LAYOUTS = ("MX_A_ZZ", "MX_B_NN")
_ATOMIC_DTYPES = ("FP32", "BF16", "FP16", "INT32", "INT16", "INT8")
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
        try:
            extents = read_window(
                source,
                offsets,
                tile_shape,
                requested,
                exact=False,
                clamp=clamp,
                op="tile.load",
                remedy=_LOAD_REMEDY,
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
    shapes = call.list_length("shapes")
    offsets = call.list_length("offsets")
    if isinstance(tile, TileType) and shapes is not None and offsets is not None:
        if shapes == 0:
            raise OpError("The operator tile.store requires non-empty shapes tuple when provided")
        if shapes != offsets:
            raise OpError(
                "The operator tile.store requires shapes and offsets to have the same number of dimensions, "
                f"but got {shapes} shapes and {offsets} offsets"
            )
    atomic = enum_member(call, "atomic", ("AtomicType",), "None_")
    if (
        isinstance(tile, TileType)
        and atomic == "Add"
        and tile.dtype is not None
        and tile.dtype not in _ATOMIC_DTYPES
    ):
        raise OpError(
            "The operator tile.store with atomic=AtomicType.Add requires an fp32/bf16/fp16/int32/int16/int8 tile "
            f"(hardware atomic-add dtypes), but got {dtype_string(tile.dtype)}"
        )
    if (
        not isinstance(tile, TileType)
        or not offsets_ok
        or (call.has("shapes") and not is_none(call, "shapes"))
    ):
        return output
    return _stored(call, tile, output)


def _stored(call: OpCall, tile: TileType, output: TensorType) -> TensorType:
    """`DeduceTileStoreType`'s bounds and valid-region union: the destination's type
    when the store leaves its valid region as it was."""
    offsets = dims(call, "offsets")
    if tile.shape is None or output.shape is None or offsets is None:
        return _unknown_view(output)
    if len(tile.shape) != len(output.shape) or len(offsets) != len(output.shape):
        return output  # a reinterpreting store keeps the destination type
    transfer_valid = valid_shape(tile)
    dest_valid = valid_shape(output)
    if transfer_valid is None:
        # The bounds need the extent moved; the union of a fully valid destination is itself.
        return (
            output
            if dest_valid is not None and dims_equal(dest_valid, output.shape)
            else _unknown_view(output)
        )
    try:
        result_valid = write_union(output, tile, offsets, exact=False, op="tile.store", remedy=_STORE_REMEDY)
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


def _with_valid(output: TensorType, valid: tuple) -> TensorView:
    base = output.view if isinstance(output.view, TensorView) else TensorView()
    return replace(base, valid_shape=valid)


def _unknown_view(output: TensorType) -> TensorType:
    return TensorType(output.shape, output.dtype, output.layout, output.distributed, UNKNOWN_VIEW)


def _static_shape(call: OpCall, param: str, op: str) -> tuple[int, ...] | None:
    """The shape checks of `tile.create` / `tile.full`: a literal tuple of positive
    compile-time constants, not empty. None when not a literal list."""
    items = call.items(param)
    if items is None:
        return None
    shape: list[int] = []
    for index, item in enumerate(items):
        value = _const_int(item)
        if value is None:
            got = expr_class_name(item)
            if got is None:
                return None
            raise OpError(
                f"The operator {op} shape element {index} must be a compile-time constant (ConstInt), but got {got}"
            )
        if value <= 0:
            raise OpError(f"The operator {op} shape element {index} must be positive, got {value}")
        shape.append(value)
    if not shape:
        raise OpError(f"The operator {op} requires non-empty shape")
    return tuple(shape)


def _const_int(expr: Expr | None) -> int | None:
    if isinstance(expr, Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    return None


@wrapper("tile.create")
def create(call: OpCall) -> IRType | None:
    """`DeduceTileCreateTileType`; the wrapper always passes `target_memory` (Vec by default)."""
    memory = call.memory("target_memory", "Vec")
    dtype = call.dtype("dtype")
    shape = _static_shape(call, "shape", "tile.create")
    if shape is None:
        return TileType(call.dims("shape"), dtype, memory)
    if memory in ("LeftScale", "RightScale"):
        raise OpError(
            "The operator tile.create does not support target_memory=LeftScale/RightScale; create the scale "
            "tile with tile.load to Mat followed by tile.move"
        )
    transpose, flat = flag(call, "transpose"), flag(call, "flat_layout")
    if memory is None or transpose is None or flat is None:
        return TileType(shape, dtype, memory)
    if transpose and not (len(shape) == 2 and memory == "Mat"):
        raise OpError(
            "The operator tile.create supports transpose=true only for a 2D tile with target_memory=Mat (L1)"
        )
    if flat and not (memory == "Mat" and not transpose):
        raise OpError(
            "The operator tile.create supports flat_layout=true only for target_memory=Mat (L1) without transpose"
        )
    creation_space = None
    if flat:
        view, creation_space = TileView(), "Mat"
    elif memory == "Acc":
        blayout, slayout, fractal = implicit_tile_layout(shape, "Acc")
        view, creation_space = TileView(blayout=blayout, slayout=slayout, fractal=fractal), "Acc"
    elif transpose:
        view = TileView(blayout="row_major", slayout="col_major")
    else:
        view = TileView(blayout=implicit_tile_layout(shape, None)[0])
    view = replace(view, valid_shape=shape)
    return tile_result(shape, dtype, view, creation_space, output_memory=memory)


# The DSL objects a wrapper receives for the parser's values (never a Python number).
_DSL_OBJECTS = frozenset({"Scalar", "Tile", "Tensor", "DistributedTensor"})


@wrapper("tile.full")
def full(call: OpCall) -> IRType | None:
    """`DeduceTileFullType` (output memory Vec). The IR builder first makes the fill value a
    `ConstInt` / `ConstFloat` of the Python number it is given: a value the parser hands it
    as an IR value (a number written positionally, a scalar variable, a tile) does not bind."""
    if call.items("shape") is not None and (
        wrapper_value(call, "value") is RAW_CONSTANT or py_class(call, "value") in _DSL_OBJECTS
    ):
        raise OpError(BINDING_MISMATCH)
    dtype = call.dtype("dtype")
    shape = _static_shape(call, "shape", "tile.full")
    if shape is None:
        return TileType(call.dims("shape"), dtype, "Vec")
    return tile_result(shape, dtype, TileView(valid_shape=shape), output_memory="Vec")


@wrapper("tile.read")
def read(call: OpCall) -> IRType | None:
    return element_read(call, "tile.read", TileType, "tile")


@wrapper("tile.write")
def write(call: OpCall) -> IRType | None:
    return element_write(call, "tile.write", TileType, "tile")


_SCALE = ("LeftScale", "RightScale")


@wrapper("tile.move")
def move(call: OpCall) -> IRType | None:
    """`DeduceTileMoveType`: the tile retargeted to `target_memory`, its valid shape and pad kept."""
    source = operand_of(
        call, TileType, "The operator tile.move requires first argument to be a TileType, but got "
    )
    if source is None:
        return None
    space = call.memory("target_memory", None)
    if space is None or source.shape is None:
        return TileType(source.shape, source.dtype, space)
    effective = effective_tile_view(source)
    shape = source.shape
    blayout, slayout, fractal = implicit_tile_layout(shape, space)
    if (blayout, slayout, fractal) == implicit_tile_layout(shape, None) and effective is not None:
        blayout, slayout = effective.blayout, effective.slayout
    if space == "Right":
        blayout = "row_major"
    requested_b = enum_member(call, "blayout", ("TileLayout",), blayout)
    requested_s = enum_member(call, "slayout", ("TileLayout",), slayout)
    if requested_b is None or requested_s is None or effective is None:
        return TileType(shape, source.dtype, space)
    if space in _SCALE and (requested_b != blayout or requested_s != slayout):
        raise OpError(
            "The operator tile.move does not allow blayout/slayout to override the hardware-fixed layout for "
            f"{space}"
        )
    dtype = source.dtype
    if space in _SCALE:
        if len(shape) != 2:
            raise OpError(
                f"The operator tile.move into LeftScale/RightScale requires a 2D tile, got rank {len(shape)}"
            )
        if source.memory != "Mat":
            raise OpError(
                "The operator tile.move into LeftScale/RightScale requires the input tile to be in Mat memory"
            )
        if dtype not in ("UINT8", "FP8E8M0"):
            raise OpError(
                "The operator tile.move into LeftScale/RightScale requires UINT8 or FP8E8M0 dtype, but got "
                f"{dtype_string(dtype or '')}"
            )
        return TileType(shape, "FP8E8M0", space)  # the source's layout check: not modelled
    view = TileView(
        valid_shape=effective.valid_shape,
        blayout=requested_b,
        slayout=requested_s,
        fractal=fractal,
        pad=effective.pad,
    )
    return tile_result(shape, dtype, view, space)


_CI_DTYPES = ("INT16", "INT32", "UINT16", "UINT32")


def _stamped_int(call: OpCall, param: str, dtype: str) -> str | None:
    """The dtype of an integer operand after the builder (`tile.ci`'s start, `tile.tri`'s
    diagonal): an int literal (or a constant) is re-stamped to `dtype`; a scalar keeps its
    own; None when not known."""
    start = call.expr(param)
    if start is None:
        node = call.nodes.get(param)
        value = call.evaluate(node) if node is not None else None
        return dtype if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(start, Const) and isinstance(start.value, int) and not isinstance(start.value, bool):
        return dtype
    return scalar_dtype(start)


@wrapper("tile.ci")
def ci(call: OpCall) -> IRType | None:
    """`DeduceTileCiType`: a `[1, ..., N]` row of consecutive integers (output memory Vec)."""
    op = "tile.ci"
    dtype = call.dtype("dtype") if call.has("dtype") else "INT32"
    if dtype is None:
        return None
    if dtype not in _CI_DTYPES:
        raise OpError(
            f"The operator {op} requires dtype to be one of {{INT16, INT32, UINT16, UINT32}}, but got "
            f"{dtype_string(dtype)}"
        )
    start = _stamped_int(call, "start", dtype)
    if start is None:
        return None
    if start != dtype:
        raise OpError(
            f"The operator {op} requires 'start' dtype ({dtype_string(start)}) to match destination dtype "
            f"({dtype_string(dtype)})"
        )
    shape = _static_shape(call, "shape", op)
    if shape is None:
        return None
    if shape[-1] == 1:
        raise OpError(f"The operator {op} requires the innermost dimension (Cols) to be != 1, got 1")
    for index, dim in enumerate(shape[:-1]):
        if dim != 1:
            raise OpError(
                f"The operator {op} only populates the first row because pto.tci ignores valid rows; leading "
                f"dimensions must be 1, but got {dim} at index {index}"
            )
    return tile_result(shape, dtype, TileView(valid_shape=shape), output_memory="Vec")


_TRI_DTYPES = ("INT8", "UINT8", "INT16", "INT32", "UINT16", "UINT32", "FP16", "BF16", "FP32")


@wrapper("tile.tri")
def tri(call: OpCall) -> IRType | None:
    """`DeduceTileTriType`: a 2-D triangular mask of constant shape (output memory Vec). The
    builder stamps an int diagonal INT32; a tile or tensor diagonal is passed on as the DSL
    object, which `ConstInt` does not take."""
    op = "tile.tri"
    if py_class(call, "diagonal") in _DSL_OBJECTS - {"Scalar"}:
        raise OpError(BINDING_MISMATCH)
    dtype = call.dtype("dtype") if call.has("dtype") else "INT32"
    if dtype is None:
        return None
    if dtype not in _TRI_DTYPES:
        raise OpError(
            f"The operator {op} requires dtype to be one of {{{', '.join(_TRI_DTYPES)}}}, but got "
            f"{dtype_string(dtype)}"
        )
    diagonal = _stamped_int(call, "diagonal", "INT32")
    if diagonal is None:
        return None
    if diagonal != "INT32":
        raise OpError(
            f"The operator {op} requires diagonal to be an INT32 scalar, but got {dtype_string(diagonal)}"
        )
    shape = _constant_2d(call, "shape", op, "shape")
    if shape is None:
        return None
    valid = shape
    if given(call, "valid_shape"):
        valid = _constant_2d(call, "valid_shape", op, "valid_shape", shape)
        if valid is None:
            return None
    return tile_result(shape, dtype, TileView(valid_shape=valid), output_memory="Vec")


def _constant_2d(
    call: OpCall, param: str, op: str, what: str, bounds: tuple[int, ...] | None = None
) -> tuple[int, ...] | None:
    """`tile.tri`'s shape (or, with `bounds`, its valid shape): a literal list of two
    compile-time constants, each positive (and within `bounds`). None when not a literal
    list or an element is not known."""
    items = call.items(param)
    if items is None:
        return None
    if bounds is None and len(items) != 2:
        raise OpError(f"The operator {op} requires a 2D shape, but got rank {len(items)}")
    if bounds is not None and len(items) != len(bounds):
        raise OpError(f"The operator {op} requires valid_shape rank {len(bounds)}, but got {len(items)}")
    values: list[int] = []
    for index, item in enumerate(items):
        value = _const_int(item)
        if value is None:
            if expr_class_name(item) is None:
                return None
            raise OpError(f"The operator {op} {what} element {index} must be a compile-time constant")
        if bounds is None and value <= 0:
            raise OpError(f"The operator {op} shape element {index} must be positive, got {value}")
        if bounds is not None and not 0 < value <= bounds[index]:
            raise OpError(
                f"The operator {op} requires 0 < valid_shape[{index}] <= shape[{index}], but got "
                f"{value} and {bounds[index]}"
            )
        values.append(value)
    return tuple(values)
