"""Views and reshapes of both levels: `tile.slice`, `tile.assemble`, `reshape`,
`transpose`, `tile.transpose_view`, `set_validshape`, `concat`, `tile.extract`:
src/ir/op/{tile,tensor}_ops/transform.cpp."""

from __future__ import annotations

from dataclasses import replace

from compiler.ir import Const, Expr, IRType, ScalarType, TensorType, TileType
from compiler.ir.types import Dim, TensorView, TileView, UnknownView
from compiler.ir.views import (
    canonical_tensor_view,
    dims_equal,
    effective_tile_view,
    implicit_tile_layout,
    valid_shape,
)
from compiler.ops.call import BINDING_MISMATCH, OpCall, OpError
from compiler.ops.checks import expect, expect_tensor_like
from compiler.ops.drop_dims import drop_axes
from compiler.ops.memory_operands import (
    INDEX_LIKE,
    dims,
    dtype_string,
    enum_member,
    flag,
    is_index_like,
    is_integer,
    is_none,
    operand_of,
    operand_type,
    pad_value,
    scalar_dtype,
    scalar_element,
    scalar_elements,
)
from compiler.ops.operands import given
from compiler.ops.registry import wrapper
from compiler.ops.reinterpret import resolve_reinterpret
from compiler.ops.reshape_region import reshape_valid_shape
from compiler.ops.type_inference import ir_type_name
from compiler.ops.valid_region import Unsettled, read_window, write_union
from compiler.ops.views import input_memory, tile_result
from compiler.ops.wrapping import not_convertible, py_class, python_type_text

_TILE_SLICE_REMEDY = (
    "An on-chip window has no clamping mechanism, so it must fit: keep offset + shape inside the source tile, or "
    "clamp the read at the tensor boundary with pl.load(..., clamp=True) and slice the resulting tile in bounds"
)
_TILE_ASSEMBLE_REMEDY = (
    "tile.assemble lowers to pto.tinsert, which copies the whole source subview rather than only its valid "
    "region, so the source allocation itself has to fit -- unlike tensor.assemble, which transfers only the "
    "valid extent"
)


def _index_elements(call: OpCall, param: str, op: str, arg: str) -> tuple | None:
    """`ValidateIndexTupleElements`: every element an INT64/UINT64/INDEX scalar."""
    return scalar_elements(call, param, f"{op} {arg} tuple element", is_index_like, INDEX_LIKE)


# ------------------------------------------------------------------------ tile.slice


@wrapper("tile.slice")
def tile_slice(call: OpCall) -> IRType | None:
    """`DeduceTileSliceType`: an exact window (nothing clamps an on-chip view)."""
    source = operand_type(call)
    if source is None:
        return None
    if "clamp" in call.params and flag(call, "clamp"):  # `pl.slice` on a Tile (unified_ops.py)
        raise OpError(
            "pl.slice: clamp=True is not supported for a Tile. An on-chip window has no clamping mechanism, so "
            "offset + shape must stay inside the source tile. Clamp the read at the tensor boundary instead — "
            "pl.load(..., clamp=True) or pl.slice(tensor, ..., clamp=True) — and slice the resulting tile in bounds."
        )
    shape_len, valid_len = call.list_length("shape"), call.list_length("valid_shape")
    if shape_len is not None and valid_len is not None and valid_len not in (0, shape_len):
        raise OpError(
            "valid_shape and shape must have same number of dimensions, got "
            f"{valid_len} valid_shape dims and {shape_len} shape dims"
        )
    pad = (
        pad_value(call, "pad_value", allow_null=True)
        if call.has("pad_value") and not is_none(call, "pad_value")
        else ""
    )
    source = expect(source, TileType, "tile.slice requires first argument to be a TileType, but got ")
    shape = _index_elements(call, "shape", "tile.slice", "shape")
    if shape is None:
        return TileType(call.dims("shape"), source.dtype, source.memory)
    offsets = _index_elements(call, "offset", "tile.slice", "offset")
    if offsets is None:
        return TileType(shape, source.dtype, source.memory)
    if len(offsets) != len(shape):
        raise OpError(
            "tile.slice requires offset and shape to have the same rank, but got offset rank "
            f"{len(offsets)} and shape rank {len(shape)}"
        )
    for index, dim in enumerate(shape):
        if not isinstance(dim, int):
            raise OpError(
                f"tile.slice shape element {index} must be a compile-time constant so InitMemRef can allocate storage"
            )
        if dim <= 0:
            raise OpError(f"tile.slice shape element {index} must be positive, got {dim}")
    requested: tuple = ()
    if call.has("valid_shape") and not is_none(call, "valid_shape"):
        found = _index_elements(call, "valid_shape", "tile.slice", "valid_shape")
        if found is None:
            return TileType(shape, source.dtype, source.memory)
        requested = found
    if source.shape is None or pad is None:
        return TileType(shape, source.dtype, source.memory)
    try:
        extents = read_window(
            source,
            offsets,
            shape,
            requested,
            exact=True,
            clamp=False,
            op="tile.slice",
            remedy=_TILE_SLICE_REMEDY,
        )
    except Unsettled:
        extents = None
    if not call.is_false_or_absent("drop_dims"):
        drop_axes(call, shape, "tile.slice")  # its refusals; the rank-reduced tile is not modelled
        return TileType(shape, source.dtype, source.memory)
    if extents is None:
        return TileType(shape, source.dtype, source.memory)
    if any(extent is None for extent in extents) or isinstance(source.view, UnknownView):
        return TileType(shape, source.dtype, source.memory)
    if source.view is not None:
        view = replace(source.view, valid_shape=extents, stride=(), start_offset=None)
    else:
        view = TileView(valid_shape=extents, blayout=implicit_tile_layout(shape, None)[0])
    if pad:
        view = replace(view, pad=pad)
    return tile_result(shape, source.dtype, view, output_memory=input_memory(source))


# --------------------------------------------------------------------- tile.assemble


@wrapper("tile.assemble")
def tile_assemble(call: OpCall) -> IRType | None:
    """`DeduceTileAssembleType`: the whole source subview lands (kExactSubview)."""
    target, source = operand_type(call), operand_type(call, 1)
    if target is None or source is None:
        return None
    target = expect(
        target, TileType, "tile.assemble requires first argument (target) to be a TileType, but got "
    )
    source = expect(
        source, TileType, "tile.assemble requires second argument (source) to be a TileType, but got "
    )
    offsets = _index_elements(call, call.param(2) or "offset", "tile.assemble", "offset")
    fresh = TileType(target.shape, target.dtype, target.memory)
    if offsets is None:
        return fresh
    downcast = source.dtype == "FP32" and target.dtype in ("BF16", "FP16")
    if (
        target.dtype is not None
        and source.dtype is not None
        and target.dtype != source.dtype
        and not downcast
    ):
        raise OpError(
            "tile.assemble requires target and source to have the same dtype (or an Acc->Mat FIXPIPE downcast to "
            f"bf16/f16), but got {dtype_string(target.dtype)} and {dtype_string(source.dtype)}"
        )
    if target.shape is None or source.shape is None:
        return fresh
    effective = effective_tile_view(target)
    if len(source.shape) != len(target.shape) or len(offsets) != len(target.shape):
        valid: tuple | None = tuple(target.shape)
    else:
        try:
            valid = write_union(
                target, source, offsets, exact=True, op="tile.assemble", remedy=_TILE_ASSEMBLE_REMEDY
            )
        except Unsettled:
            valid = None
    if valid is None or effective is None:
        return fresh
    return tile_result(target.shape, target.dtype, replace(effective, valid_shape=valid), target.memory)


# --------------------------------------------------------------------------- reshape


def _product(shape: tuple) -> int | None:
    total = 1
    for dim in shape:
        if not isinstance(dim, int):
            return None
        total *= dim
    return total


def _same_size(op: str, noun: str, source: tuple, shape: tuple) -> None:
    """A reshape keeps the element count (where both counts are static and positive)."""
    old, new = _product(tuple(source)), _product(shape)
    if old is not None and new is not None and old > 0 and new > 0 and old != new:
        raise OpError(f"{op}: cannot reshape {noun} of size {old} into shape with size {new}")


@wrapper("tile.reshape")
def tile_reshape(call: OpCall) -> IRType | None:
    """`DeduceTileReshapeType`."""
    source = operand_of(call, TileType, "tile.reshape requires first argument to be a TileType, but got ")
    if source is None:
        return None
    shape = _index_elements(call, "shape", "tile.reshape", "shape")
    if shape is None or source.shape is None:
        return TileType(shape or call.dims("shape"), source.dtype, source.memory)
    _same_size("tile.reshape", "tile", source.shape, shape)
    effective, valid = effective_tile_view(source), valid_shape(source)
    if effective is None or valid is None:
        return TileType(shape, source.dtype, source.memory)
    try:
        mapped = reshape_valid_shape(
            valid, source.shape, shape, effective.blayout == "row_major", "tile.reshape"
        )
    except Unsettled:
        return TileType(shape, source.dtype, source.memory)
    view = TileView(
        valid_shape=mapped,
        blayout=implicit_tile_layout(shape, None)[0],
        pad=effective.pad,
        compact=effective.compact,
    )
    return tile_result(shape, source.dtype, view, output_memory=input_memory(source))


@wrapper("tensor.reshape")
def tensor_reshape(call: OpCall) -> IRType | None:
    """`DeduceTensorReshapeType`: the result is ND, its valid region mapped."""
    source = operand_of(
        call,
        TensorType,
        "tensor.reshape requires first argument to be a TensorType, but got ",
        distributed=True,
    )
    if source is None:
        return None
    if source.layout in ("MX_A_ZZ", "MX_B_NN"):
        raise OpError("tensor.reshape does not support MX-layout tensors")
    shape = scalar_elements(call, "shape", "tensor.reshape shape tuple element")
    if shape is None or source.shape is None:
        return TensorType(shape or call.dims("shape"), source.dtype)
    _same_size("tensor.reshape", "tensor", source.shape, shape)
    valid = valid_shape(source)
    if valid is None or isinstance(source.view, UnknownView):
        return TensorType(shape, source.dtype)
    row_major = source.layout in (None, "ND") and (source.view is None or not source.view.stride)
    try:
        mapped = reshape_valid_shape(valid, source.shape, shape, row_major, "tensor.reshape")
    except Unsettled:
        return TensorType(shape, source.dtype)
    pad = source.view.pad if source.view is not None else "null"
    view = canonical_tensor_view(TensorView(valid_shape=mapped, pad=pad), shape, None)
    return TensorType(shape, source.dtype, view=view)


# ------------------------------------------------------------------------- transpose


def _axis(call: OpCall, param: str) -> int | None:
    value = call.evaluate(call.nodes[param]) if param in call.nodes else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _normalize_axis(axis: int, rank: int, what: str) -> int:
    if axis < 0:
        axis += rank
    if not 0 <= axis < rank:
        raise OpError(f"Axis {axis} is out of range for {rank}D {what}")
    return axis


def _at_least_2d(op: str, shape: tuple) -> int:
    rank = len(shape)
    if rank < 2:
        raise OpError(f"{op} requires at least 2 dimensions, but got {rank}")
    return rank


def _swapped_axes(call: OpCall, op: str, shape: tuple, what: str) -> tuple[int, int] | None:
    """The transposes' `axis1` / `axis2`: normalized, distinct; None when not static."""
    rank = _at_least_2d(op, shape)
    first, second = _axis(call, "axis1"), _axis(call, "axis2")
    if first is None or second is None:
        return None
    first, second = _normalize_axis(first, rank, what), _normalize_axis(second, rank, what)
    if first == second:
        raise OpError(f"{op}: axis1 and axis2 must be different, but got axis1={first}, axis2={second}")
    return first, second


def _check_axis_classes(call: OpCall) -> None:
    """The transposes' IR builders take an int or a ConstInt axis, nothing wrapped."""
    for name in ("axis1", "axis2"):
        given = python_type_text(call, name, literals=True)
        if given is not None:
            raise OpError(f"{name} must be int or ConstInt, got {given}")


@wrapper("tile.transpose")
def tile_transpose(call: OpCall) -> IRType | None:
    """`DeduceTileTransposeType`: two axes swapped, the result fully valid. The IR builder
    first makes each axis a `ConstInt`, refusing a DSL object (a loop variable's Scalar)."""
    for name in ("axis1", "axis2"):
        given_as = python_type_text(call, name)
        if given_as is not None:
            raise OpError(f"{name} must be int or ConstInt, got {given_as}")
    source = operand_of(call, TileType, "tile.transpose: first argument (input) must be TileType, but got ")
    if source is None:
        return None
    _check_axis_classes(call)
    if source.shape is None:
        return None
    _at_least_2d("tile.transpose", source.shape)
    if not _transpose_scratch(call, source):
        return None
    axes = _swapped_axes(call, "tile.transpose", source.shape, "tile")
    if axes is None:
        return None
    first, second = axes
    shape = list(source.shape)
    shape[first], shape[second] = shape[second], shape[first]
    return tile_result(
        tuple(shape), source.dtype, TileView(valid_shape=tuple(shape)), output_memory=input_memory(source)
    )


def _transpose_scratch(call: OpCall, source: TileType) -> bool:
    """The optional `tmp_tile` of `tile.transpose`: a tile of the input's dtype and rank.
    False when it is given but its type is not known."""
    if not given(call, "tmp_tile"):
        return True
    tmp = operand_type(call, 3)
    if tmp is None:
        return False
    if not isinstance(tmp, TileType):
        name = ir_type_name(tmp)
        if name is None:
            return False
        raise OpError(f"tile.transpose: fourth argument (tmp) must be TileType, but got {name}")
    if source.dtype is None or tmp.dtype is None or tmp.shape is None:
        return False
    if tmp.dtype != source.dtype:
        raise OpError(
            "tile.transpose: tmp dtype must match input dtype, got "
            f"input={dtype_string(source.dtype)} tmp={dtype_string(tmp.dtype)}"
        )
    if len(tmp.shape) != len(source.shape):
        raise OpError(
            "tile.transpose: tmp rank must match input rank, got "
            f"input rank={len(source.shape)} tmp rank={len(tmp.shape)}"
        )
    return True


@wrapper("tensor.transpose")
def tensor_transpose(call: OpCall) -> IRType | None:
    """`DeduceTensorTransposeType`: the trailing swap flips ND and DN; strides swap."""
    source = operand_of(
        call,
        TensorType,
        "tensor.transpose requires first argument to be a TensorType, but got ",
        distributed=True,
    )
    if source is None:
        return None
    _check_axis_classes(call)
    if source.layout in ("MX_A_ZZ", "MX_B_NN"):
        raise OpError("tensor.transpose does not support MX-layout tensors")
    if source.shape is None:
        return None
    axes = _swapped_axes(call, "tensor.transpose", source.shape, "tensor")
    if axes is None:
        return None
    first, second = axes
    rank = len(source.shape)
    shape = list(source.shape)
    shape[first], shape[second] = shape[second], shape[first]
    if isinstance(source.view, UnknownView):
        return TensorType(tuple(shape), source.dtype)
    in_layout = source.layout or "ND"
    trailing = {first, second} == {rank - 1, rank - 2}
    out_layout = ("DN" if in_layout == "ND" else "ND") if trailing else in_layout
    view = source.view or TensorView()
    stride = list(view.stride) or _row_major_strides(source.shape)
    if stride is None:
        return TensorType(tuple(shape), source.dtype)
    stride[first], stride[second] = stride[second], stride[first]
    valid = list(view.valid_shape)
    if valid:
        valid[first], valid[second] = valid[second], valid[first]
    canonical = _row_major_strides(tuple(shape))
    record = bool(stride) and not (out_layout == "ND" and canonical is not None and canonical == stride)
    result = TensorView(valid_shape=tuple(valid), stride=tuple(stride) if record else (), pad=view.pad)
    layout = None if out_layout == "ND" else out_layout
    if not record and out_layout == "ND" and not valid and view.pad == "null":
        return TensorType(tuple(shape), source.dtype, view=None)
    return TensorType(tuple(shape), source.dtype, layout, view=_keep(result, tuple(shape)))


def _keep(view: TensorView, shape: tuple) -> TensorView | None:
    """The real `TensorType` constructor drops a valid shape equal to the shape."""
    return canonical_tensor_view(view, shape, None) if not view.stride else _drop_full_valid(view, shape)


def _drop_full_valid(view: TensorView, shape: tuple) -> TensorView:
    return replace(view, valid_shape=()) if view.valid_shape and dims_equal(view.valid_shape, shape) else view


def _row_major_strides(shape: tuple | None) -> list[Dim] | None:
    """`BuildRowMajorStrides` of a static shape (None when a dim is symbolic)."""
    if shape is None or not all(isinstance(dim, int) for dim in shape):
        return None
    strides: list[Dim] = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        strides[i] = strides[i + 1] * shape[i + 1]  # type: ignore[operator]
    return strides


@wrapper("tile.transpose_view")
def tile_transpose_view(call: OpCall) -> IRType | None:
    """`DeduceTileTransposeViewType`: the trailing dims and the layouts swap, no copy."""
    source = operand_of(call, TileType, "tile.transpose_view requires input to be a TileType, but got ")
    if source is None:
        return None
    if source.shape is None:
        return None
    _at_least_2d("tile.transpose_view", source.shape)
    shape = (*source.shape[:-2], source.shape[-1], source.shape[-2])
    effective = effective_tile_view(source)
    if effective is None:
        return TileType(shape, source.dtype, source.memory)
    flip = {"row_major": "col_major", "col_major": "row_major", "none_box": "none_box"}
    valid = (*effective.valid_shape[:-2], effective.valid_shape[-1], effective.valid_shape[-2])
    view = TileView(
        valid_shape=valid,
        blayout=flip[effective.blayout],
        slayout=flip[effective.slayout],
        fractal=effective.fractal,
        pad=effective.pad,
        compact=effective.compact,
    )
    return tile_result(shape, source.dtype, view, source.memory)


# -------------------------------------------------------------------- set_validshape


@wrapper("tile.set_validshape")
def tile_set_validshape(call: OpCall) -> IRType | None:
    """`DeduceTileSetValidShapeType`: the view's valid shape replaced, nothing moved."""
    source = operand_of(
        call, TileType, "tile.set_validshape requires first argument to be a TileType, but got "
    )
    if source is None:
        return None
    if source.shape is None:
        return None
    if len(source.shape) != 2:
        raise OpError(f"tile.set_validshape requires a 2D tile, but got rank {len(source.shape)}")
    extents = _valid_extents(call, "tile.set_validshape", source.shape, "tile")
    effective = effective_tile_view(source)
    if extents is None or effective is None:
        return TileType(source.shape, source.dtype, source.memory)
    return tile_result(
        source.shape,
        source.dtype,
        replace(effective, valid_shape=extents),
        output_memory=input_memory(source),
    )


# ----------------------------------------------------------------------------- concat


def _concat(call: OpCall, kind: type, noun: str) -> tuple[str, tuple | None] | None:
    """`Deduce{Tile,Tensor}ConcatType`'s checks: the result's dtype and shape (columns side
    by side; None when a column count is not static); None when an operand is not known."""
    op = f"{noun}.concat"
    first, second = operand_type(call), operand_type(call, 1)
    if first is None or second is None:
        return None
    first = expect(first, kind, f"{op}: src0 must be {kind.ir_class_name}, got ")
    second = expect(second, kind, f"{op}: src1 must be {kind.ir_class_name}, got ")
    if first.dtype is None or second.dtype is None or first.shape is None or second.shape is None:
        return None
    if first.dtype != second.dtype:
        raise OpError(
            f"{op}: src0 and src1 must have same dtype, got {dtype_string(first.dtype)} and "
            f"{dtype_string(second.dtype)}"
        )
    if len(first.shape) != 2 or len(second.shape) != 2:
        raise OpError(f"{op} requires 2D {noun}s")
    rows0, rows1 = first.shape[0], second.shape[0]
    if isinstance(rows0, int) and isinstance(rows1, int) and rows0 != rows1:
        raise OpError(f"{op}: row count must match, got {rows0} vs {rows1}")
    cols0, cols1 = first.shape[1], second.shape[1]
    if not (isinstance(cols0, int) and isinstance(cols1, int)):
        return first.dtype, None
    return first.dtype, (rows0, cols0 + cols1)


@wrapper("tile.concat")
def tile_concat(call: OpCall) -> IRType | None:
    """`DeduceTileConcatType`: the result fully valid."""
    found = _concat(call, TileType, "tile")
    if found is None:
        return None
    dtype, shape = found
    if shape is None:
        return TileType(None, dtype, "Vec")
    return tile_result(shape, dtype, TileView(valid_shape=shape), output_memory="Vec")


@wrapper("tensor.concat")
def tensor_concat(call: OpCall) -> IRType | None:
    """`DeduceTensorConcatType`: no view of its own."""
    found = _concat(call, TensorType, "tensor")
    return None if found is None else TensorType(found[1], found[0], view=None)


@wrapper("tensor.set_validshape")
def tensor_set_validshape(call: OpCall) -> IRType | None:
    """`DeduceTensorSetValidShapeType`: the view's valid shape replaced."""
    source = operand_of(
        call, TensorType, "tensor.set_validshape requires first argument to be a TensorType, but got "
    )
    if source is None:
        return None
    if source.shape is None:
        return None
    if len(source.shape) != 2:
        raise OpError(f"tensor.set_validshape requires a 2D tensor, but got rank {len(source.shape)}")
    extents = _valid_extents(call, "tensor.set_validshape", source.shape, "tensor")
    if extents is None or isinstance(source.view, UnknownView):
        return TensorType(source.shape, source.dtype, source.layout)
    view = replace(source.view or TensorView(), valid_shape=extents)
    return TensorType(
        source.shape, source.dtype, source.layout, view=_drop_full_valid(view, tuple(source.shape))
    )


def _valid_extents(call: OpCall, op: str, shape: tuple, what: str) -> tuple | None:
    """The `valid_rows` / `valid_cols` checks of `set_validshape`, in order; None when an
    operand is not known."""
    extents: list[Dim | Expr] = []
    for name in ("valid_rows", "valid_cols"):
        if py_class(call, name) in ("Tile", "Tensor", "DistributedTensor"):
            # The builder makes a non-Expr a ConstInt: a tile or tensor object does not bind.
            raise OpError(BINDING_MISMATCH)
        value = call.expr(name)
        if value is None or scalar_element(value, f"{op} {name}", is_index_like, INDEX_LIKE) is None:
            return None
        extents.append(value)
    for name, value, bound in (("valid_rows", extents[0], shape[0]), ("valid_cols", extents[1], shape[1])):
        if isinstance(value, Const) and isinstance(value.value, int):
            if value.value < 0:
                raise OpError(f"{op} {name} must be >= 0, got {value.value}")
            if isinstance(bound, int) and value.value > bound:
                raise OpError(f"{op} {name} ({value.value}) exceeds {what} bound {bound}")
    return tuple(v.value if isinstance(v, Const) and v.type == ScalarType("INDEX") else v for v in extents)


@wrapper("tile.reinterpret_view")
def tile_reinterpret_view(call: OpCall) -> IRType | None:
    """`DeduceTileReinterpretViewType`: the same bytes as another dtype (a flat tile)."""
    op = "tile.reinterpret_view"
    source = operand_of(call, TileType, f"{op} requires data to be a TileType, but got ")
    if source is None:
        return None
    target = call.dtype("dtype")
    effective = effective_tile_view(source)
    if source.shape is None or target is None or effective is None or source.dtype is None:
        return None
    if not source.shape:
        raise OpError(f"{op} requires a tile rank >= 1, but got 0")
    if effective.slayout != "none_box":
        raise OpError(
            f"{op} only supports flat tiles with slayout=none_box; boxed/fractal tiles are unsupported"
        )
    if effective.blayout == "col_major" and len(source.shape) < 2:
        raise OpError(f"{op} requires rank >= 2 for col_major layout")
    if source.view is not None and (source.view.stride or source.view.start_offset is not None):
        return None
    requested = _reinterpret_shape(call, op)
    if requested is not None and effective.blayout == "col_major" and len(requested) < 2:
        raise OpError(f"{op} requires target rank >= 2 for col_major layout")
    axis = len(source.shape) - 2 if effective.blayout == "col_major" else len(source.shape) - 1
    try:
        shape, valid = resolve_reinterpret(
            source.shape, effective.valid_shape, source.dtype, target, axis, requested, op
        )
    except Unsettled:
        return None
    pad = "zero" if effective.pad == "zero" else "null"
    view = replace(effective, valid_shape=valid, pad=pad, stride=(), start_offset=None)
    return tile_result(shape, target, view, source.memory)


def _reinterpret_shape(call: OpCall, op: str) -> tuple | None:
    """`ExtractShape` of the optional `shape=`: INT64/UINT64/INDEX elements."""
    if not call.has("shape") or is_none(call, "shape"):
        return None
    items = call.items("shape")
    if items is None:
        raise Unsettled
    if not items:
        raise OpError(f"{op} shape must have rank >= 1")
    for index, item in enumerate(items):
        dtype = scalar_dtype(item)
        if dtype is not None and not is_index_like(dtype):
            raise OpError(
                f"{op} shape element {index} must have dtype INT64, UINT64, or INDEX, but got {dtype_string(dtype)}"
            )
    return dims(call, "shape")


@wrapper("tensor.reinterpret_view")
def tensor_reinterpret_view(call: OpCall) -> IRType | None:
    """`DeduceTensorReinterpretViewType`."""
    source = operand_type(call)
    if source is None:
        return None
    op = "tensor.reinterpret_view"
    if isinstance(source, TensorType) and source.distributed:
        raise OpError(f"{op} does not support DistributedTensorType in the initial implementation")
    source = expect_tensor_like(source, f"{op} requires data to be a TensorType, but got ")
    layout = source.layout or "ND"
    if layout in ("MX_A_ZZ", "MX_B_NN"):
        raise OpError(f"{op} does not support MX-layout tensors")
    if source.shape is None or source.dtype is None or isinstance(source.view, UnknownView):
        return None
    if not source.shape:
        raise OpError(f"{op} requires a tensor rank >= 1")
    target = call.dtype("dtype")
    if target is None:
        return None
    if layout == "NZ":
        raise OpError(f"{op} does not support boxed/fractal NZ tensor layout")
    if layout == "DN" and len(source.shape) < 2:
        raise OpError(f"{op} requires rank >= 2 for DN layout")
    if source.view is not None and source.view.stride:
        return None  # explicit strides: not modelled
    try:
        requested = _reinterpret_shape(call, op)
        if requested is not None and layout == "DN" and len(requested) < 2:
            raise OpError(f"{op} requires target rank >= 2 for DN layout")
        axis = len(source.shape) - 2 if layout == "DN" else len(source.shape) - 1
        valid = source.view.valid_shape if source.view is not None else ()
        shape, target_valid = resolve_reinterpret(
            source.shape, valid, source.dtype, target, axis, requested, op
        )
    except Unsettled:
        return None
    pad = "zero" if source.view is not None and source.view.pad == "zero" else "null"
    view = _drop_full_valid(TensorView(valid_shape=target_valid, pad=pad), shape)
    return TensorType(shape, target, source.layout, view=None if view == TensorView() else view)


@wrapper("tile.extract")
def tile_extract(call: OpCall) -> IRType | None:
    """`DeduceTileExtractType`: an exact window of a 2D tile into `target_memory`."""
    op = "tile.extract"
    for name in ("index_row", "index_col"):  # the builder's, before the deduction's
        not_convertible(call, name)
    source = operand_of(call, TileType, f"{op} requires src to be a TileType, but got ")
    if source is None:
        return None
    if source.shape is None:
        return None
    if len(source.shape) != 2:
        raise OpError(f"{op} requires a 2D source tile, but got rank {len(source.shape)}")
    offsets: list = []
    for name in ("index_row", "index_col"):
        value = call.expr(name)
        if value is None:
            return None
        dtype = scalar_element(value, f"{op} {name}", is_index_like, "INT64/UINT64/INDEX dtype")
        if dtype is None:
            return None
        offsets.append(value.value if isinstance(value, Const) and dtype == "INDEX" else value)
    shape = _index_elements(call, "shape", op, "shape")
    if shape is None:
        return None
    if len(shape) != 2:
        raise OpError(f"{op} shape must be 2D, got rank {len(shape)}")
    for index, dim in enumerate(shape):
        if not isinstance(dim, int):
            raise OpError(f"{op} shape[{index}] must be a compile-time ConstInt")
        if dim <= 0:
            raise OpError(f"{op} shape[{index}] must be positive, got {dim}")
    for axis, name in ((0, "row"), (1, "col")):
        src_dim, dst_dim, off = source.shape[axis], shape[axis], offsets[axis]
        if not isinstance(src_dim, int):
            continue
        if dst_dim > src_dim:
            raise OpError(f"{op} shape[{axis}]={dst_dim} exceeds src {name} {src_dim}")
        if isinstance(off, int):
            if off < 0:
                raise OpError(f"{op} index_{name} must be >= 0, got {off}")
            if off + dst_dim > src_dim:
                raise OpError(
                    f"{op} index_{name}={off} + shape[{axis}]={dst_dim} exceeds src {name} {src_dim}"
                )
    target = call.memory("target_memory", "Vec")
    try:
        valid = read_window(
            source,
            offsets,
            shape,
            (),
            exact=True,
            clamp=False,
            op=op,
            remedy="ISA TEXTRACT bounds are hard, so the window must fit inside the source tile",
        )
    except Unsettled:
        return TileType(shape, source.dtype, target)
    if target is None or any(extent is None for extent in valid):
        return TileType(shape, source.dtype, target)
    blayout, slayout, fractal = implicit_tile_layout(shape, target)
    if target == "Left":
        blayout, slayout = "row_major", "row_major"
    elif target == "Right":
        blayout, slayout = "row_major", "col_major"
    compact = "normal" if target in ("Left", "Right") and not _full(valid, shape) else "null"
    view = TileView(valid_shape=valid, blayout=blayout, slayout=slayout, fractal=fractal, compact=compact)
    return tile_result(shape, source.dtype, view, target)


def _full(valid: tuple, shape: tuple) -> bool:
    return dims_equal(valid, shape)


def _logical_strides(shape: tuple, layout: str) -> list[Dim] | None:
    """`BuildLogicalStridesFromLayout` of a static shape (ND row-major, DN column-major
    on the trailing pair); None when a dim is symbolic."""
    if not all(isinstance(dim, int) for dim in shape):
        return None
    if layout != "DN":
        return _row_major_strides(shape)
    rank = len(shape)
    strides: list[Dim] = [1] * rank
    strides[rank - 2], strides[rank - 1] = 1, shape[rank - 2]
    if rank >= 3:
        strides[rank - 3] = shape[rank - 2] * shape[rank - 1]
        for i in range(rank - 4, -1, -1):
            strides[i] = strides[i + 1] * shape[i + 1]  # type: ignore[operator]
    return strides


@wrapper("tensor.view")
def tensor_view(call: OpCall) -> IRType | None:
    """`DeduceTensorViewType` for a source with no explicit stride: the canonical view of
    the new shape and/or layout (an explicit target valid_shape is not modelled)."""
    has_shape = call.has("shape") and not is_none(call, "shape")
    has_layout = call.has("layout") and not is_none(call, "layout")
    if not has_shape and not has_layout:
        raise OpError("tensor.view requires at least one of shape or layout")
    has_valid = call.has("valid_shape") and not is_none(call, "valid_shape")
    if has_valid and not has_shape:
        raise OpError("tensor.view valid_shape requires shape")
    source = operand_of(
        call,
        TensorType,
        "tensor.view: src must be TensorType or DistributedTensorType, got ",
        distributed=True,
    )
    if source is None:
        return None
    src_layout = source.layout or "ND"
    layout = enum_member(call, "layout", ("TensorLayout",), src_layout) if has_layout else src_layout
    if layout is None or source.shape is None or isinstance(source.view, UnknownView):
        return None
    if src_layout in ("MX_A_ZZ", "MX_B_NN") or layout in ("MX_A_ZZ", "MX_B_NN"):
        raise OpError("tensor.view does not support MX layouts")
    if layout == "NZ":
        raise OpError("tensor.view: NZ layout is not allowed on TensorType (NZ is tile-only)")
    if src_layout == "NZ":
        raise OpError("tensor.view: src has NZ layout (NZ is tile-only and not allowed on TensorType)")
    if source.view is not None and source.view.stride:
        return None  # an explicitly strided source: not modelled
    if has_shape:
        shape = scalar_elements(call, "shape", "tensor.view shape tuple element", got=", got")
        if shape is None:
            return None
        for index, dim in enumerate(shape):
            if isinstance(dim, int) and dim <= 0:
                raise OpError(f"tensor.view shape dimension {index} must be positive, got {dim}")
        old, new = _product(tuple(source.shape)), _product(shape)
        if old is not None and new is not None and old != new:
            raise OpError(f"tensor.view: cannot reinterpret tensor of size {old} as shape with size {new}")
    else:
        shape = tuple(source.shape)
        if src_layout != layout:
            if len(shape) < 2:
                raise OpError(f"tensor.view: cross-layout reinterpret requires rank >= 2, got {len(shape)}")
            shape = (*shape[:-2], shape[-1], shape[-2])
    if not shape:
        raise OpError("tensor.view: target shape must have rank >= 1")
    if layout == "DN" and len(shape) < 2:
        raise OpError(f"tensor.view: DN layout requires rank >= 2, got {len(shape)}")
    if has_valid:
        _check_view_valid_shape(call, shape, source, src_layout, layout)
        return None  # the target's valid region: not modelled
    strides = _logical_strides(shape, layout)
    if strides is None:
        return None
    valid: tuple = ()
    pad = "null"
    if source.view is not None:
        if (
            has_shape
            and source.view.valid_shape
            and not _structurally_full(source.view.valid_shape, source.shape)
        ):
            raise OpError(
                "tensor.view: shape reinterpret does not support a source with a partial valid_shape"
            )
        if not has_shape and source.view.valid_shape:
            valid = tuple(source.view.valid_shape)
            if src_layout != layout and len(valid) >= 2:
                valid = (*valid[:-2], valid[-1], valid[-2])
        if not has_shape:
            pad = source.view.pad
    view = _drop_full_valid(TensorView(valid_shape=valid, stride=tuple(strides), pad=pad), shape)
    return TensorType(shape, source.dtype, None if layout == "ND" else layout, source.distributed, view)


def _check_view_valid_shape(
    call: OpCall, shape: tuple, source: TensorType, src_layout: str, layout: str
) -> None:
    """`DeduceTensorViewType`'s checks of an explicit target valid_shape, as far as they
    are known (its leading-collapse rule is not modelled)."""
    items = call.items("valid_shape")
    if items is None:
        return
    if items and len(items) != len(shape):
        raise OpError(
            f"tensor.view: valid_shape rank ({len(items)}) must match target shape rank ({len(shape)})"
        )
    for index, item in enumerate(items):
        if isinstance(item.type, (TensorType, TileType)):
            integer = False
        else:
            dtype = scalar_dtype(item) if isinstance(item.type, ScalarType) else None
            if dtype is None:
                return  # not known
            integer = is_integer(dtype)
        if not integer:
            raise OpError(f"tensor.view valid_shape dimension {index} must have integer dtype")
        extent = item.value if isinstance(item, Const) and type(item.value) is int else None
        if extent is not None and extent <= 0:
            raise OpError(f"tensor.view valid_shape dimension {index} must be positive, got {extent}")
        if extent is not None and isinstance(shape[index], int) and extent > shape[index]:
            raise OpError(
                f"tensor.view valid_shape dimension {index} ({extent}) exceeds target shape dimension {shape[index]}"
            )
    if items and source.view is None:
        raise OpError("tensor.view: an explicit target valid_shape requires a source valid_shape")
    if items and (src_layout != "ND" or layout != "ND"):
        raise OpError("tensor.view: explicit valid_shape shape reinterpretation only supports ND layout")
    partial = source.view is not None and source.view.valid_shape
    if not items and partial and not _structurally_full(source.view.valid_shape, source.shape):
        raise OpError("tensor.view: a partial source valid_shape requires a non-empty target valid_shape")


def _structurally_full(valid: tuple, shape: tuple) -> bool:
    return dims_equal(valid, shape)
