"""`pl.tile.random` and `pl.random` (`pl.tensor.random`): the counter-based random ops, their
wrappers, their IR builders (each seed made an INT32 scalar: an int literal is re-stamped
INT32, anything else keeps its dtype) and the deductions `DeduceTileRandomType` /
`DeduceTensorRandomType` of src/ir/op/{tile,tensor}_ops/memory.cpp."""

from __future__ import annotations

from compiler.ir import Const, IRType, ScalarType, TensorType
from compiler.ir.types import TileView
from compiler.ops.call import OpCall, OpError
from compiler.ops.memory_operands import dtype_string, expr_class_name, scalar_dtype, scalar_elements
from compiler.ops.registry import wrapper
from compiler.ops.views import tile_result

_SEEDS = ("key0", "key1", "counter0", "counter1", "counter2", "counter3")


def _settings(call: OpCall, prefix: str) -> str | None:
    """The dtype and rounds checks (both levels, `prefix` their words before "requires" /
    "dtype"); the dtype, None when not known."""
    dtype = call.dtype("dtype") if call.has("dtype") else "UINT32"
    if dtype is None:
        return None
    if dtype not in ("INT32", "UINT32"):
        said = "requires dtype to be" if prefix.startswith("The operator") else "dtype must be"
        raise OpError(f"{prefix} {said} one of {{INT32, UINT32}}, but got {dtype_string(dtype)}")
    rounds = call.keyword_value("rounds", 10)
    if not isinstance(rounds, int) or isinstance(rounds, bool):
        return None
    if rounds not in (7, 10):
        raise OpError(f"{prefix} requires rounds to be 7 or 10, but got {rounds}")
    return dtype


def _seeds_known(call: OpCall, prefix: str) -> bool:
    """Each seed an INT32 scalar; False when a seed's dtype is not known."""
    for index, param in enumerate(_SEEDS):
        seed = call.expr(param)
        if seed is None or not isinstance(seed.type, ScalarType):
            return False  # a Tile or Tensor object fails in the builder's Python, not here
        is_int_literal = (
            isinstance(seed, Const) and isinstance(seed.value, int) and not isinstance(seed.value, bool)
        )
        dtype = "INT32" if is_int_literal else scalar_dtype(seed)
        if dtype is None:
            return False
        if dtype != "INT32":
            raise OpError(
                f"{prefix} requires seed argument {index} to have INT32 dtype, but got {dtype_string(dtype)}"
            )
    return True


def _const_dims(call: OpCall, param: str, prefix: str, what: str) -> list[int] | None:
    """A literal list of positive compile-time constants (`what`: "shape element" checks)."""
    items = call.items(param)
    if items is None:
        return None
    found: list[int] = []
    for index, item in enumerate(items):
        if not (isinstance(item, Const) and isinstance(item.value, int) and not isinstance(item.value, bool)):
            got = expr_class_name(item)
            if got is None:
                return None
            raise OpError(
                f"{prefix} {what} {index} must be a compile-time constant (ConstInt), but got {got}"
            )
        if item.value <= 0:
            raise OpError(f"{prefix} {what} {index} must be positive, got {item.value}")
        found.append(item.value)
    return found


@wrapper("tile.random")
def tile_random(call: OpCall) -> IRType | None:
    prefix = "The operator tile.random"
    dtype = _settings(call, prefix)
    if dtype is None or not _seeds_known(call, prefix):
        return None
    shape = _const_dims(call, "shape", prefix, "shape element")
    if shape is None:
        return None
    if not shape:
        raise OpError(f"{prefix} requires non-empty shape")
    if len(shape) != 2:
        raise OpError(f"{prefix} requires a 2D shape (rows, cols), but got rank {len(shape)}")
    valid = shape
    if call.has("valid_shape") and call.list_length("valid_shape") is not None:
        items = call.items("valid_shape")
        if items is None:
            return None
        if len(items) != len(shape):
            raise OpError(f"{prefix} valid_shape rank ({len(items)}) must match shape rank ({len(shape)})")
        valid = []
        for index, item in enumerate(items):
            if not (
                isinstance(item, Const) and isinstance(item.value, int) and not isinstance(item.value, bool)
            ):
                if expr_class_name(item) is None:
                    return None
                raise OpError(
                    f"{prefix} valid_shape element {index} must be a compile-time constant (ConstInt)"
                )
            if not 0 < item.value <= shape[index]:
                raise OpError(
                    f"{prefix} valid_shape element {index} ({item.value}) must be in (0, shape dim {shape[index]}]"
                )
            valid.append(item.value)
    elif call.has("valid_shape"):
        return None
    return tile_result(tuple(shape), dtype, TileView(valid_shape=tuple(valid)), output_memory="Vec")


@wrapper("tensor.random")
def tensor_random(call: OpCall) -> IRType | None:
    prefix = "tensor.random"
    dtype = _settings(call, prefix)
    if dtype is None or not _seeds_known(call, prefix):
        return None
    shape = scalar_elements(call, "shape", "tensor.random shape element")
    if shape is None:
        return None
    if not shape:
        raise OpError("tensor.random requires non-empty shape")
    if len(shape) != 2:
        raise OpError(f"tensor.random requires a 2D shape (rows, cols), but got rank {len(shape)}")
    return TensorType(shape, dtype, view=None)
