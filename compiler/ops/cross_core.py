"""Cross-core transfers and system ops: `pl.tpush_to_aiv` / `tpush_to_aic`, `pl.tpop_from_aic`
/ `tpop_from_aiv`, `pl.tfree_to_aic` / `tfree_to_aiv`, `pl.reserve_buffer`,
`pl.import_peer_buffer`, `pl.system.task_invalid` (src/ir/op/tile_ops/cross_core.cpp,
src/ir/op/sync_ops/cross_core.cpp, src/ir/op/sync_ops/task.cpp) and `pl.array.create`
(src/ir/op/array_ops/memory.cpp).

Most of these deduce the real `UnknownType` (a push, a slot release): what the real call
refuses is its keywords' types (`ValidateKwargs`) and the wrappers' own checks.
"""

from __future__ import annotations

from typing import Any

from compiler.ir import ArrayType, Const, IRType, ScalarType, TaskIdType, TileType
from compiler.ops.call import OpCall, OpError
from compiler.ops.memory_operands import dtype_string, is_dynamic_dim, scalar_dtype
from compiler.ops.operands import given, kwarg_type_error, wrapper_value
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import dtype_text, is_float_dtype, is_int_dtype
from compiler.ops.wrapping import py_class
from compiler.syntax.values import UNKNOWN, DType


def _validate(op: str, call: OpCall, attrs: dict[str, str], defaults: dict[str, Any]) -> bool:
    """The registry's `ValidateKwargs` on the keywords the IR builder passes (`attrs`:
    name -> C++ type; a keyword whose value is None is not passed). False when a value
    is not known here."""
    for key, expected in attrs.items():
        if py_class(call, key) in ("Tensor", "Tile", "DistributedTensor"):
            # A DSL object the wrapper hands on as an attribute: no attribute kind takes it.
            raise OpError(f"Unsupported kwarg type for key: {key}")
        value = wrapper_value(call, key, defaults.get(key))
        if value is None:
            continue
        error = kwarg_type_error(op, key, value, expected)
        if error is not None:
            raise error
        if value is UNKNOWN:
            return False
    return True


@wrapper("system.tpush_to_aiv", "system.tpush_to_aic")
def tpush(call: OpCall) -> IRType | None:
    op = f"tile.{call.name}"
    attrs = {"split": "int", "id": "int"}
    if call.name == "tpush_to_aiv":
        attrs["lane_stride"] = "int"
    _validate(op, call, attrs, {})
    return None  # the real UnknownType


@wrapper("system.tfree_to_aic", "system.tfree_to_aiv")
def tfree(call: OpCall) -> IRType | None:
    _validate(f"system.{call.name}", call, {"split": "int", "id": "int"}, {})
    return None  # the real UnknownType


@wrapper("system.tpop_from_aic", "system.tpop_from_aiv")
def tpop(call: OpCall) -> IRType | None:
    """With `shape=` and `dtype=` the builder makes the call with that tile type itself
    (Vec on the vector side, Mat on the cube side), keywords unvalidated; without them
    the registry types it UnknownType."""
    shape, dtype = wrapper_value(call, "shape"), wrapper_value(call, "dtype")
    if shape is UNKNOWN or dtype is UNKNOWN:
        return None
    if (shape is None) != (dtype is None):
        raise OpError("shape and dtype must both be provided or both omitted")
    if shape is None:
        attrs = {"split": "int", "id": "int"}
        if call.name == "tpop_from_aic":
            attrs["lane_stride"] = "int"
        _validate(f"tile.{call.name}", call, attrs, {"split": 0})
        return None
    dims = call.dims("shape")
    if not isinstance(dtype, DType) or dims is None:
        return None
    kwargs = {"split": wrapper_value(call, "split", 0)}
    for key in ("lane_stride", "id"):
        value = wrapper_value(call, key)
        if value is not None:
            kwargs[key] = value
    if all(isinstance(value, int) for value in kwargs.values()):
        call.built.update(op=f"tile.{call.name}", args=[], kwargs=kwargs)
    return TileType(dims, dtype.name, "Vec" if call.name == "tpop_from_aic" else "Mat", None)


@wrapper("system.reserve_buffer")
def reserve_buffer(call: OpCall) -> IRType | None:
    _validate("system.reserve_buffer", call, {"name": "string", "size": "int", "base": "int"}, {"base": -1})
    return ScalarType("INT32")


@wrapper("system.import_peer_buffer")
def import_peer_buffer(call: OpCall) -> IRType | None:
    _validate("system.import_peer_buffer", call, {"name": "string", "peer_func": "string"}, {})
    return ScalarType("INT32")


@wrapper("system.task_invalid")
def task_invalid(call: OpCall) -> IRType | None:
    return TaskIdType()


@wrapper("array.create")
def array_create(call: OpCall) -> IRType | None:
    """An on-core array: an integer, BOOL or TASK_ID dtype and a positive constant
    extent; an `ArrayType` of both."""
    dtype = wrapper_value(call, "dtype")
    error = kwarg_type_error("array.create", "dtype", dtype, "DataType")
    if error is not None:
        raise error
    if not isinstance(dtype, DType):
        return None
    if not is_int_dtype(dtype.name) and dtype.name not in ("BOOL", "TASK_ID"):
        raise OpError(f"array.create dtype must be integer, BOOL, or TASK_ID, got {dtype_text(dtype.name)}")
    extent = call.expr("extent")
    value = extent.value if isinstance(extent, Const) else None
    if isinstance(value, float):  # a float literal reaches the deduction as a ConstFloat
        raise OpError("array.create extent must be a compile-time ConstInt, got ConstFloat")
    if isinstance(value, int) and not isinstance(value, bool) and value <= 0:
        raise OpError(f"array.create extent must be positive, got {value}")
    # An extent we cannot fold (a factory's parameter) is an array all the same: its
    # elements' dtype is known.
    return ArrayType(value if type(value) is int else None, dtype.name)


@wrapper("array.update_element")
def array_update_element(call: OpCall) -> IRType | None:
    """A new array value of the same `ArrayType`: an integer index, a value of the
    array's dtype (refused here where one is a float: an integer one may be INDEX, which
    the deduction lets pass for any integer array)."""
    array = call.type_of("array")
    if not isinstance(array, ArrayType):
        return None
    _integer_index(call, "array.update_element")
    value = scalar_dtype(call.expr("value"))
    if value is not None and array.dtype is not None and value != array.dtype and is_float_dtype(value):
        raise OpError(
            f"array.update_element value dtype ({dtype_string(value)}) must match array dtype "
            f"({dtype_string(array.dtype)})"
        )
    return ArrayType(array.extent, array.dtype)


@wrapper("array.get_element")
def array_get_element(call: OpCall) -> IRType | None:
    """An element: a scalar of the array's dtype, at an integer index."""
    array = call.type_of("array")
    if isinstance(array, ArrayType):
        _integer_index(call, "array.get_element")
    return array_element_type(array)


def _integer_index(call: OpCall, op: str) -> None:
    """The index's dtype an integer one (refused where it is a float's)."""
    index = scalar_dtype(call.expr("index"))
    if index is not None and is_float_dtype(index):
        raise OpError(f"{op} index must have integer dtype, got {dtype_string(index)}")


def array_element_type(array: IRType | None) -> IRType | None:
    """What an element of an array of type `array` is (`arr[i]` reads one too)."""
    if not isinstance(array, ArrayType) or array.dtype is None:
        return None
    return TaskIdType() if array.dtype == "TASK_ID" else ScalarType(array.dtype)


_SYNCALL_SOFT_CORE_TYPES = ("aiv_only", "aic_only", "mix")


@wrapper("system.syncall")
def syncall(call: OpCall) -> IRType | None:
    """The wrapper's own checks of `pl.system.syncall` (python/pypto/language/op/system_ops.py):
    the hard barrier takes no soft-mode operand; the soft one needs a GM workspace tensor
    and an explicit participant count. (Its IR call is the builder's: `ir_calls.py`.)"""
    mode = call.keyword_value("mode", "hard")
    core_type = call.keyword_value("core_type", "mix")
    if not isinstance(mode, str) or not isinstance(core_type, str):
        return None
    workspace, used = given(call, "gm_workspace"), given(call, "used_cores")
    if mode == "hard":
        if workspace or used:
            raise OpError(
                "syncall(mode='hard') takes no gm_workspace/used_cores; pass mode='soft' to use the GM-polling barrier"
            )
        return None
    if mode != "soft":
        raise OpError(f"syncall mode must be 'hard' or 'soft', got {mode!r}")
    if core_type not in _SYNCALL_SOFT_CORE_TYPES:
        raise OpError(f"soft syncall core_type must be one of {_SYNCALL_SOFT_CORE_TYPES}, got {core_type!r}")
    if not workspace:
        raise OpError("soft syncall requires gm_workspace (a shared, zero-initialized GM INT32 tensor)")
    workspace_class = py_class(call, "gm_workspace")
    if workspace_class in ("Scalar", "Tile"):  # a DSL object of another kind (a literal: not modelled)
        raise OpError(f"soft syncall gm_workspace must be a Tensor, got {workspace_class}")
    if not used:
        raise OpError(
            "soft syncall requires explicit used_cores; pass 0 only when the device launch configuration matches "
            "the runtime's logical grid"
        )
    _used_cores(call)
    return None


def _used_cores(call: OpCall) -> None:
    """A soft syncall's participant count: an int in the INT32 range, or an INT32 scalar."""
    value = call.keyword_value("used_cores", None)  # a keyword: a literal is its Python value
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= (1 << 31) - 1:
            raise OpError(
                f"soft syncall used_cores must be in the INT32 range [0, {(1 << 31) - 1}], got {value!r}"
            )
        return
    if value is not UNKNOWN:
        return  # a static value of another kind (a float, a string): not modelled
    cls = py_class(call, "used_cores")
    if cls == "Scalar":
        dtype = scalar_dtype(call.expr("used_cores"))
        if dtype is not None and dtype != "INT32":
            raise OpError(f"soft syncall used_cores must be an INT32 scalar, got pl.Scalar[pl.{dtype}]")
    elif cls in ("Tensor", "Tile", "DistributedTensor"):
        raise OpError(
            f"soft syncall used_cores must be a non-negative Python int or an INT32 scalar, got {cls}"
        )


# `kMaxUserCrossCoreEventId`: ids 14 and 15 are reserved.
_MAX_USER_EVENT_ID = 13


def _python_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@wrapper("system.sync_set", "system.sync_wait")
def cross_core_sync(call: OpCall) -> IRType | None:
    """`DeduceCrossCoreSyncType`, after the IR builder's own check of `core_type`: a static
    event id in the user range, an FFTS mode in [0, 2] (`sync_set` only), a dynamic event id
    of INDEX dtype."""
    op = call.op
    core_type = wrapper_value(call, "core_type")
    if isinstance(core_type, str) and core_type not in ("aic", "aiv"):
        raise OpError(f"{op} core_type must be 'aic' or 'aiv', got {core_type!r}")
    static_event = wrapper_value(call, "event_id")  # a Python int (by keyword): the event_id attribute
    if _python_int(static_event) and not 0 <= static_event <= _MAX_USER_EVENT_ID:
        raise OpError(
            f"{op} event_id must be in the user-available range [0, {_MAX_USER_EVENT_ID}], got {static_event}"
        )
    ffts_mode = wrapper_value(call, "ffts_mode")
    if _python_int(ffts_mode) and not 0 <= ffts_mode <= 2:
        raise OpError(f"{op} ffts_mode must be in [0, 2], got {ffts_mode}")
    event = call.expr("event_id")
    dtype = scalar_dtype(event) if event is not None and isinstance(event.type, ScalarType) else None
    if dtype is not None and dtype != "INDEX":
        raise OpError(f"{op} dynamic event id must have ScalarType(INDEX), got ScalarType")
    return None


# `kMinFFTSWorkspaceElements` (src/ir/op/sync_ops/cross_core.cpp), the IR builder's too.
_MIN_FFTS_WORKSPACE = 256


@wrapper("system.set_ffts")
def set_ffts(call: OpCall) -> IRType | None:
    """The wrapper's and IR builder's checks of the FFTS workspace (the deduction repeats
    them): a 1-D INT64 GM tensor of a static length of at least 256."""
    cls = py_class(call, "workspace")
    if cls in ("Tile", "Scalar"):
        raise OpError(f"set_ffts workspace must be a Tensor, got {cls}")
    workspace = call.tensor("workspace")
    if workspace is None or workspace.distributed or workspace.dtype is None or workspace.shape is None:
        return None
    if workspace.dtype != "INT64":
        raise OpError(f"system.set_ffts workspace must have INT64 dtype, got {dtype_string(workspace.dtype)}")
    if len(workspace.shape) != 1:
        raise OpError(f"system.set_ffts workspace must be 1-D, got rank {len(workspace.shape)}")
    [extent] = workspace.shape
    length = extent if isinstance(extent, int) and not isinstance(extent, bool) else None
    if (length is None and is_dynamic_dim(extent)) or (length is not None and length < _MIN_FFTS_WORKSPACE):
        raise OpError(
            f"system.set_ffts workspace must have a static length of at least {_MIN_FFTS_WORKSPACE} INT64 elements"
        )
    return None
