"""Gathers of GM rows into on-chip buffers: `pl.paged_gather` (`pl.tensor.paged_gather`),
`pl.create_l1`, `pl.tensor.gather_row`, `pl.tile.gather_row` and the dispatching
`pl.gather_row` (src/ir/op/tensor_ops/paged_gather.cpp, src/ir/op/tile_ops/paged_gather.cpp).
"""

from __future__ import annotations

from typing import Any

from compiler.ir import Const, IRType, ScalarType, TensorType, TileType, Var
from compiler.ops.call import OpCall, OpError, dsl_class
from compiler.ops.operands import (
    Given,
    bool_kwarg,
    built,
    check_list_attr,
    dtype_in,
    given,
    int_kwarg,
    operand,
    rank_in,
    validated,
    wrapper_value,
)
from compiler.ops.registry import rule_for, wrapper
from compiler.ops.type_inference import dtype_text, is_float, static_int
from compiler.syntax.values import EnumMember

_POOL_DTYPES = ("FP16", "BF16", "FP32", "INT8")
_SHAPES_CONSTANT = (
    "] to be a compile-time constant (it sizes pto.subview, whose sizes is a static attribute), but got a "
    "runtime value. Pass a dynamic row count through valid_shape instead — it keeps the window (and so the "
    "tile allocation and box alignment) static while varying only the transfer length."
)


def _of_kind(call: OpCall, param: str, kind: type, op: str, which: str) -> Any:
    return operand(call, param, kind, f"The operator {op} requires {which}, but got {{got}}")


@wrapper("tensor.paged_gather")
def paged_gather(call: OpCall) -> IRType | None:
    op = "tensor.paged_gather"
    # The IR builder passes every keyword; the registry validates them in this order.
    ints = {}
    for key, default in (("block_size", None), ("size", None), ("max_indices", None), ("col_off", 0)):
        value = int_kwarg(op, key, wrapper_value(call, key, default))
        if value is None:
            return None
        ints[key] = value
    is_trans = bool_kwarg(op, "is_trans", wrapper_value(call, "is_trans", False))
    if is_trans is None or bool_kwarg(op, "is_b_matrix", wrapper_value(call, "is_b_matrix", False)) is None:
        return None
    space = wrapper_value(call, "space", EnumMember("MemorySpace", "Mat"))
    if not isinstance(space, EnumMember):
        if isinstance(space, (bool, int, float, str)):
            raise OpError(f"Kwarg 'space' for operator '{op}' expects MemorySpace, but got incompatible type")
        return None
    src = _of_kind(call, "src", TensorType, op, "src to be a TensorType")
    if src is None or src.dtype is None or src.shape is None:
        return None
    dtype_in(op, src.dtype, _POOL_DTYPES, "src dtype in {FP16, BF16, FP32, INT8}")
    rank_in(op, src.shape, (2,), "2D src")
    for param, name in (("indices", "indices"), ("block_table", "block_table")):
        table = _of_kind(call, param, TensorType, op, f"{name} to be a TensorType")
        if table is None or table.dtype is None or table.shape is None:
            return None
        dtype_in(op, table.dtype, ("INT32",), f"{name} dtype to be INT32")
        rank_in(op, table.shape, (1, 2), f"1D or 2D {name}")
        if len(table.shape) == 2 and static_int(table.shape[0]) != 1:
            rows = static_int(table.shape[0])
            if rows is None and table.shape[0] == "?":
                return None  # a dim we could not fold may be the constant 1
            shown = "dynamic" if rows is None else str(rows)
            raise OpError(
                f"The operator {op} requires 2D {name} to have shape [1, n], but got first dim {shown}"
            )
    for key in ("block_size", "size"):
        if ints[key] <= 0:
            raise OpError(f"The operator {op} requires {key} > 0, but got {ints[key]}")
    if ints["col_off"] < 0:
        raise OpError(f"The operator {op} requires col_off >= 0, but got {ints['col_off']}")
    if ints["max_indices"] <= 0:
        raise OpError(f"The operator {op} requires max_indices > 0, but got {ints['max_indices']}")
    if space.enum not in ("MemorySpace", "Mem"):
        return None
    if is_trans and space.member != "Mat":
        raise OpError(f"The operator {op} requires space=MemorySpace::Mat (L1) when is_trans=true")
    cols = static_int(src.shape[1])
    if cols is not None and ints["col_off"] + ints["size"] > cols:
        raise OpError(
            f"The operator {op} requires col_off + size ({ints['col_off'] + ints['size']}) <= src columns ({cols})"
        )
    rows, size = ints["max_indices"], ints["size"]
    is_b_matrix = wrapper_value(call, "is_b_matrix", False)
    kwargs = {
        **ints,
        "is_trans": is_trans,
        "is_b_matrix": is_b_matrix,
        "space": EnumMember("Mem", space.member),
    }
    built(call, ["src", "indices", "block_table"], kwargs)
    return TensorType((size, rows) if is_trans else (rows, size), src.dtype, view=None)


@wrapper("tensor.create_l1")
def create_l1(call: OpCall) -> IRType | None:
    op = "tensor.create_l1"
    check_list_attr(call, "transpose", "transpose")
    dtype = wrapper_value(call, "dtype")
    transpose = wrapper_value(call, "transpose", False)
    validated(op, "dtype", dtype, "DataType")
    validated(op, "transpose", transpose, "bool")
    items = call.items("shape")
    if items is None or getattr(dtype, "name", None) is None or not isinstance(transpose, bool):
        return None
    shape: list[int] = []
    for i, item in enumerate(items):
        if isinstance(item, Const) and isinstance(item.value, int) and not isinstance(item.value, bool):
            if item.value <= 0:
                raise OpError(f"The operator {op} shape element {i} must be a positive compile-time ConstInt")
            shape.append(item.value)
        elif isinstance(item, Var) and isinstance(item.type, ScalarType):
            raise OpError(f"The operator {op} shape element {i} must be a positive compile-time ConstInt")
        else:
            return None
    if not shape:
        raise OpError(f"The operator {op} requires a non-empty shape")
    built(call, ["shape"], {"dtype": dtype, "transpose": transpose})
    return TensorType(tuple(shape), dtype.name, view=None)


def _gather_row_operands(call: OpCall, op: str) -> bool:
    """The C++ CheckGatherRowOperands: a constant window, and a valid extent inside it."""
    shapes = call.items("shapes")
    if shapes is None:
        return False
    for i, item in enumerate(shapes):
        if isinstance(item, Var) and isinstance(item.type, ScalarType):
            raise OpError(f"The operator {op} requires shapes[{i}" + _SHAPES_CONSTANT)
        if not (isinstance(item, Const) and isinstance(item.value, int)):
            return False
    if not given(call, "valid_shape"):
        return True
    valid = call.items("valid_shape")
    if valid is None:
        return False
    if len(valid) != len(shapes):
        raise OpError(
            f"The operator {op} requires valid_shape to have the same rank as shapes ({len(shapes)}), "
            f"but got rank {len(valid)}"
        )
    for i, item in enumerate(valid):
        dtype = item.type.dtype if isinstance(item.type, ScalarType) else None
        if dtype is None:
            return False
        if is_float(dtype):
            raise OpError(
                f"The operator {op} requires valid_shape[{i}] to be an integer extent, but got {dtype_text(dtype)}"
            )
    errors = []
    for i, (extent, window) in enumerate(zip(valid, shapes)):
        value = extent.value if isinstance(extent, Const) and isinstance(extent.value, int) else None
        if value is None:
            continue
        if value < 0:
            errors.append(
                f"{op} valid_shape dimension {i} has provably negative extent {value}; "
                f"expected 0 <= valid_shape[{i}] <= shape[{i}] ({window.value})"  # type: ignore[union-attr]
            )
        if value > window.value:  # type: ignore[union-attr]
            errors.append(
                f"{op} valid_shape dimension {i} extent {value} provably exceeds physical shape extent "
                f"{window.value}"  # type: ignore[union-attr]
            )
    if errors:
        raise OpError("; ".join(errors))
    return True


def _gather_row(call: OpCall, level: type, op: str, word: str, dst_words: str) -> IRType | None:
    """`word` is what the C++ calls the destination ("acc", "dst"); the wrapper's
    parameter is `dst` through `pl.gather_row`, `acc` through `pl.tensor.gather_row`."""
    dst = "acc" if "acc" in call.params else "dst"
    transpose = bool_kwarg(op, "transpose", call.keyword_value("transpose", False))
    if transpose is None:
        return None
    target = _of_kind(call, dst, level, op, dst_words)
    src = _of_kind(call, "src", TensorType, op, "src to be a TensorType (GM)")
    if target is None or src is None or target.dtype is None or src.dtype is None:
        return None
    if target.dtype != src.dtype:
        raise OpError(
            f"The operator {op} requires {word} and src to share dtype, but got "
            f"{dtype_text(target.dtype)} and {dtype_text(src.dtype)}"
        )
    if not _gather_row_operands(call, op):
        return None
    valid = {"valid_shape": Given("valid_shape")} if call.has("valid_shape") else {}
    built(call, [dst, "src", "dst_offset", "src_offset", "shapes"], {**valid, "transpose": transpose})
    return target


@wrapper("tensor.gather_row")
def tensor_gather_row(call: OpCall) -> IRType | None:
    return _gather_row(
        call, TensorType, "tensor.gather_row", "acc", "acc to be a TensorType (from tensor.create_l1)"
    )


@wrapper("tile.gather_row")
def tile_gather_row(call: OpCall) -> IRType | None:
    return _gather_row(call, TileType, "tile.gather_row", "dst", "dst to be a TileType")


@wrapper("unified.gather_row")
def unified_gather_row(call: OpCall) -> IRType | None:
    """`pl.gather_row` dispatches on its destination (the source is a GM tensor either way)."""
    cls = dsl_class(call.expr("dst"))
    if cls is None:
        return None
    if cls in ("Tensor", "DistributedTensor"):
        level = "tensor.gather_row"
    elif cls == "Tile":
        level = "tile.gather_row"
    else:
        raise OpError(f"pl.gather_row: expected Tensor or Tile destination, got {cls}")
    rule = rule_for(level)
    return rule(call.as_op(level)) if rule is not None else None
