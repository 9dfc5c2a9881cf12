"""Element-wise binary ops of both levels (`pl.tile.add`, `pl.tensor.mul`, ...) and the
tile scalar forms (`pl.tile.adds`, ...): src/ir/op/{tile,tensor}_ops/elementwise.cpp."""

from __future__ import annotations

from compiler.ir import Const, Expr, IRType, ScalarType, TensorType, TileType
from compiler.ops.call import OpCall, OpError
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import broadcast, format_shape, is_static_shape, promote

_BINARY = (
    "add",
    "sub",
    "mul",
    "div",
    "maximum",
    "minimum",
    "fmod",
    "part_add",
    "part_mul",
    "part_max",
    "part_min",
)
_TILE_SCALAR = ("adds", "subs", "muls", "divs", "maximums", "minimums", "fmods")


@wrapper(*(f"tile.{name}" for name in _BINARY))
def tile_binary(call: OpCall) -> IRType | None:
    return _binary("tile", call)


@wrapper(*(f"tensor.{name}" for name in _BINARY))
def tensor_binary(call: OpCall) -> IRType | None:
    return _binary("tensor", call)


@wrapper(*(f"tile.{name}" for name in _TILE_SCALAR))
def tile_scalar(call: OpCall) -> IRType | None:
    lhs = call.tile(call.param(0))
    return TileType(lhs.shape, lhs.dtype) if lhs is not None else None


def _binary(level: str, call: OpCall) -> IRType | None:
    first, second = call.param(0), call.param(1)
    if second is None:
        return None
    lhs, rhs = call.type_of(first), call.type_of(second)
    level_type = TileType if level == "tile" else TensorType
    if not isinstance(lhs, level_type):
        return None
    if isinstance(rhs, level_type):
        if is_static_shape(lhs.shape) and is_static_shape(rhs.shape):
            assert lhs.shape is not None and rhs.shape is not None
            shape = broadcast(lhs.shape, rhs.shape)
            if shape is None:
                raise OpError(
                    f"The operator {call.op} requires compatible shapes, but got "
                    f"{format_shape(lhs.shape)} and {format_shape(rhs.shape)}"
                )
            return level_type(shape, promote(lhs.dtype, rhs.dtype))
        same = lhs.shape is not None and lhs.shape == rhs.shape
        return level_type(lhs.shape if same else None, promote(lhs.dtype, rhs.dtype))
    if isinstance(rhs, ScalarType):  # the scalar form (tile.adds / tensor.adds)
        return level_type(lhs.shape, _scalar_result_dtype(level, lhs.dtype, call.expr(second)))
    return None


def _scalar_result_dtype(level: str, dtype: str | None, scalar: Expr | None) -> str | None:
    """Tile scalar ops keep the tile's dtype. Tensor ones promote, after an int literal
    is re-stamped to the tensor's dtype (a float literal stays FP32)."""
    if level == "tile" or dtype is None or scalar is None:
        return dtype if level == "tile" else None
    if isinstance(scalar, Const):
        if isinstance(scalar.value, int) and not isinstance(scalar.value, bool):
            return dtype
        return "FP32" if dtype == "FP32" else None
    scalar_dtype = scalar.type.dtype if isinstance(scalar.type, ScalarType) else None
    return promote(dtype, scalar_dtype) if scalar_dtype not in (None, "INDEX") else None
