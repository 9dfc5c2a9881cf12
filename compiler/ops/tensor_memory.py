"""`pl.tensor.create` (`pl.create_tensor`), `pl.tensor.full`, `pl.tensor.slice` and
`pl.tensor.assemble`: the wrappers, their IR builders and the deductions of
src/ir/op/tensor_ops/memory.cpp."""

from __future__ import annotations

import ast
import math
from dataclasses import replace

from compiler.ir import IRType, ScalarType, TensorType, TileType
from compiler.ir.types import UNKNOWN_VIEW, TensorView, UnknownView
from compiler.ir.views import canonical_tensor_view, dims_equal, valid_shape
from compiler.ops.call import BINDING_MISMATCH, OpCall, OpError, is_wrapped
from compiler.ops.checks import expect_tensor_like
from compiler.ops.drop_dims import apply_drops, check_dropped_valid, drop_axes
from compiler.ops.memory_operands import (
    dims,
    dtype_string,
    element_read,
    element_write,
    enum_member,
    flag,
    is_none,
    operand_of,
    pad_value,
    scalar_dtype,
    scalar_elements,
)
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import ir_type_name
from compiler.ops.valid_region import Unsettled, read_window, write_union
from compiler.ops.wrapping import WRAPPED, py_class, python_type_text
from compiler.syntax.values import UNKNOWN, EnumMember

_MX_LAYOUTS = ("MX_A_ZZ", "MX_B_NN")
# The dtypes the hardware adds atomically into global memory (`AtomicType.Add`).
ATOMIC_ADD_DTYPES = ("FP32", "BF16", "FP16", "INT32", "INT16", "INT8")
# `int(AtomicType.<member>)`: the combine modes an assemble may name.
ATOMIC_TYPES = {"None_": 0, "Add": 1}
_SLICE_REMEDY = (
    "Pass clamp=True -- pl.slice(x, shape, offset, clamp=True) -- to narrow the valid region to the source "
    "edge instead"
)
_ASSEMBLE_REMEDY = (
    "tensor.assemble transfers only the source's effective valid region, so it is that extent -- not the "
    "whole source allocation -- that has to fit at this offset"
)


# Keyword nodes the parser resolves to a Python value (`_parse_op_kwargs`).
_PYTHON_KEYWORD_NODES = (ast.UnaryOp, ast.Name, ast.Attribute)


@wrapper("tensor.create")
def create(call: OpCall) -> IRType:
    _check_init_value(call)
    # A non-ND layout is a view with no valid shape of its own (the layout is the type's).
    layout = enum_member(call, "layout", ("TensorLayout",), "ND")
    shape = scalar_elements(call, "shape", "tensor.create shape tuple element")
    return TensorType(shape or call.dims("shape"), call.dtype("dtype"), _layout(layout), view=None)


def _check_init_value(call: OpCall) -> None:
    """The IR builder's refusals of `init_value`, which it stores as a double: an int past
    2**53, a value that is not finite; a literal the parser made an IR constant (a
    positional one, or a keyword's folded expression) fails `math.isfinite` itself."""
    node = call.nodes.get("init_value")
    if node is None:
        return
    if "init_value" in call.keywords and isinstance(node, _PYTHON_KEYWORD_NODES):
        # The parser hands such a keyword on as the Python value it names (`-x` of a
        # USub, a closure name or attribute), not as an IR constant.
        value = call.evaluate(node)
        if isinstance(node, ast.UnaryOp) and not isinstance(node.op, ast.USub):
            value = UNKNOWN
    elif not (isinstance(node, ast.Constant) and "init_value" in call.keywords):
        raw = py_class(call, "init_value")
        if raw in ("ConstInt", "ConstFloat"):
            raise OpError(f"must be real number, not {raw}")
        return
    else:
        value = node.value
    if isinstance(value, int) and not isinstance(value, bool) and not -(2**53) <= value <= 2**53:
        raise OpError(
            f"create_tensor: integer init_value {value} exceeds the exactly-representable range (+/-2**53); "
            "large-magnitude integer fills are not supported. Use init_value=0 or a smaller value."
        )
    if isinstance(value, float) and not math.isfinite(value):
        raise OpError(f"create_tensor: init_value must be finite, got {value}.")


@wrapper("tensor.full")
def full(call: OpCall) -> IRType:
    shape = scalar_elements(call, "shape", "tensor.full shape element")
    if py_class(call, "value") in WRAPPED:  # `ConstFloat(value, dtype, span)` takes no DSL object
        raise OpError(BINDING_MISMATCH)
    return TensorType(shape or call.dims("shape"), call.dtype("dtype"), view=None)


def _layout(layout: str | None) -> str | None:
    return None if layout in (None, "ND") else layout


@wrapper("tensor.slice")
def slice_(call: OpCall) -> IRType | None:
    source = call.type_of(call.param(0))
    if not isinstance(source, TensorType) and not (
        ir_type_name(source) and is_wrapped(call.expr(call.param(0)))
    ):
        return None
    pad = pad_value(call, "pad_value", allow_null=True) if call.has("pad_value") else "carry"
    source = expect_tensor_like(
        source, "tensor.slice requires first argument to be a TensorType or DistributedTensorType, but got "
    )
    if source.layout in _MX_LAYOUTS:
        raise OpError("tensor.slice does not support MX-layout tensors")
    shape = scalar_elements(call, "shape", "tensor.slice shape tuple element")
    offsets = scalar_elements(call, "offset", "tensor.slice offset tuple element")
    axes = drop_axes(call, shape, "tensor.slice") if shape is not None else None
    if axes and len(axes) >= len(shape or ()):
        raise OpError(
            "tensor.slice drop_dims cannot erase every dimension; keep one unit axis or use tensor.read for a "
            "scalar result"
        )

    def result(window: tuple | None, view: TensorView | UnknownView | None = UNKNOWN_VIEW) -> TensorType:
        """The window's type, less the dropped axes (of a shape not known when they are not)."""
        if axes is None or window is None:
            window = window if call.is_false_or_absent("drop_dims") else None
            return TensorType(window, source.dtype, distributed=source.distributed, view=view)
        return TensorType(apply_drops(window, axes), source.dtype, distributed=source.distributed, view=view)

    if shape is None or offsets is None or pad is None:
        return result(call.dims("shape"))
    requested = (
        dims(call, "valid_shape") if call.has("valid_shape") and not is_none(call, "valid_shape") else ()
    )
    clamp = flag(call, "clamp")
    if requested is None or clamp is None or source.shape is None:
        return result(shape)
    if len(shape) == len(source.shape) and len(offsets) == len(shape):
        try:
            extents = read_window(
                source,
                offsets,
                shape,
                requested,
                exact=False,
                clamp=clamp,
                op="tensor.slice",
                remedy=_SLICE_REMEDY,
            )
        except Unsettled:
            return result(shape)
        check_dropped_valid(axes or (), extents, "tensor.slice")
        valid = None if any(extent is None for extent in extents) else extents
    else:
        if requested and len(requested) != len(shape):
            raise OpError(
                "tensor.slice requires valid_shape to have the same rank as shape, but got valid_shape rank "
                f"{len(requested)} and shape rank {len(shape)}"
            )
        valid = requested or shape
        check_dropped_valid(axes or (), valid, "tensor.slice")
    source_pad = _source_pad(source)
    result_pad = source_pad if pad == "carry" else pad
    if valid is None or result_pad is None or axes is None:
        return result(shape)
    kept = apply_drops(shape, axes)
    view = canonical_tensor_view(TensorView(valid_shape=apply_drops(valid, axes), pad=result_pad), kept, None)
    return result(shape, view)


def _atomic_mode(call: OpCall, target: TensorType) -> int | None:
    """The assemble's `int(atomic)`, refused unless a plain write (0) or an atomic add (1)
    into a target of a dtype the hardware adds; None when not static."""
    node = call.nodes.get("atomic")
    if node is None:
        return 0
    value = call.evaluate(node)
    if isinstance(value, EnumMember) and value.enum == "AtomicType":
        mode = ATOMIC_TYPES.get(value.member)
    elif isinstance(value, int) and not isinstance(value, bool):
        mode = value
    else:
        return None
    if mode is None:
        return None
    if mode not in (0, 1):
        raise OpError(
            f"tensor.assemble atomic kwarg must be AtomicType.None_ or AtomicType.Add, but got int {mode}"
        )
    if mode == 1 and target.dtype is not None and target.dtype not in ATOMIC_ADD_DTYPES:
        raise OpError(
            "tensor.assemble with atomic=AtomicType.Add requires an fp32/bf16/fp16/int32/int16/int8 target "
            f"(hardware atomic-add dtypes), but got {dtype_string(target.dtype)}"
        )
    return mode


def _source_pad(source: TensorType) -> str | None:
    if isinstance(source.view, UnknownView):
        return None
    return source.view.pad if source.view is not None else "null"


@wrapper("tensor.assemble")
def assemble(call: OpCall) -> IRType | None:
    target, source = call.type_of(call.param(0)), call.type_of(call.param(1))
    if ir_type_name(target) is None or ir_type_name(source) is None:
        return None
    target = expect_tensor_like(
        target,
        "tensor.assemble requires first argument to be a TensorType or DistributedTensorType, but got ",
    )
    source = expect_tensor_like(
        source,
        "tensor.assemble requires second argument to be a TensorType or DistributedTensorType, but got ",
    )
    if call.items("offset") is not None:  # each offset an integer scalar (None: one not known)
        scalar_elements(call, "offset", "tensor.assemble offset tuple element")
    if _atomic_mode(call, target) != 0:
        return TensorType(target.shape, target.dtype, distributed=target.distributed)  # not modelled further
    offsets = dims(call, "offset")
    fresh = TensorType(target.shape, target.dtype, distributed=target.distributed)
    if offsets is None or target.shape is None or source.shape is None:
        return fresh
    if len(source.shape) != len(target.shape) or len(offsets) != len(target.shape):
        return replace(fresh, view=None)  # a reinterpreting write: the target's shape, fully valid
    source_valid = valid_shape(source)
    if source_valid is None:
        return fresh
    try:
        valid = write_union(
            target, source, offsets, exact=False, op="tensor.assemble", remedy=_ASSEMBLE_REMEDY
        )
    except Unsettled:
        return fresh
    view = canonical_tensor_view(TensorView(valid_shape=tuple(valid)), target.shape, None)
    if view is not None and dims_equal(view.valid_shape, target.shape):
        view = None
    return replace(fresh, view=view)


@wrapper("tensor.read")
def read(call: OpCall) -> IRType | None:
    return element_read(call, "tensor.read", TensorType, "tensor", distributed=True)


@wrapper("tensor.write")
def write(call: OpCall) -> IRType | None:
    return element_write(call, "tensor.write", TensorType, "tensor", distributed=True)


@wrapper("tensor.dim")
def dim(call: OpCall) -> IRType | None:
    """`DeduceTensorDimType`: an INDEX scalar."""
    source = operand_of(call, TensorType, "tensor.dim requires first argument to be a TensorType, but got ")
    if source is None:
        return None
    given = python_type_text(call, "axis")  # the IR builder's `_normalize_expr` takes no DSL object
    if given is not None:
        raise OpError(f"Cannot convert {given} to IR expression")
    axis_node = call.nodes.get("axis")
    axis = call.evaluate(axis_node) if axis_node is not None else None
    if isinstance(axis, int) and not isinstance(axis, bool) and source.shape is not None:
        rank = len(source.shape)
        normalized = axis + rank if axis < 0 else axis
        if not 0 <= normalized < rank:
            raise OpError(f"tensor.dim axis {normalized} out of range for tensor of rank {rank}")
    return ScalarType("INDEX")


@wrapper("tensor.ci")
def ci(call: OpCall) -> IRType | None:
    """`DeduceTensorCiType`."""
    dtype = call.dtype("dtype") if call.has("dtype") else "INT32"
    if dtype is None:
        return None
    if dtype not in ("INT16", "INT32", "UINT16", "UINT32"):
        raise OpError(
            f"tensor.ci dtype must be one of {{INT16, INT32, UINT16, UINT32}}, but got {dtype_string(dtype)}"
        )
    if py_class(call, "start") in ("Tensor", "Tile", "DistributedTensor"):
        raise OpError(BINDING_MISMATCH)  # the builder's `ConstInt(start, dtype, span)` takes no such object
    start = call.expr("start")
    if start is None or isinstance(start.type, (TileType, TensorType)):
        if start is not None:
            raise OpError(
                f"tensor.ci requires first argument 'start' to be a scalar, but got {start.type.ir_class_name}"
            )
        return None
    literal = start.value if hasattr(start, "value") else None
    start_dtype = dtype if isinstance(literal, int) and not isinstance(literal, bool) else scalar_dtype(start)
    if start_dtype is None:
        return None
    if start_dtype != dtype:
        raise OpError(
            f"tensor.ci 'start' dtype ({dtype_string(start_dtype)}) must match destination dtype ({dtype_string(dtype)})"
        )
    shape = scalar_elements(call, "shape", "tensor.ci shape element")
    if shape is None:
        return None
    if not shape:
        raise OpError("tensor.ci requires non-empty shape")
    if isinstance(shape[-1], int) and shape[-1] == 1:
        raise OpError("tensor.ci requires the innermost dimension (Cols) to be != 1, got 1")
    for index, dim in enumerate(shape[:-1]):
        if isinstance(dim, int) and dim != 1:
            raise OpError(
                "tensor.ci only populates the first row because pto.tci ignores valid rows; leading dimensions "
                f"must be 1, but got {dim} at index {index}"
            )
    return TensorType(shape, dtype, view=None)
