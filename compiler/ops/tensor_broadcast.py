"""Row and column broadcasts of tensors (`pl.tensor.row_expand_mul`,
`pl.tensor.col_expand`, `pl.tensor.expands`, `pl.expand_clone`): the wrappers, their IR
builders and the deductions of src/ir/op/tensor_ops/broadcast.cpp."""

from __future__ import annotations

from compiler.ir import IRType, TensorType
from compiler.ops.call import OpCall, OpError
from compiler.ops.checks import check, expect, known_type, rule
from compiler.ops.registry import wrapper
from compiler.ops.result_views import plain_tensor
from compiler.ops.tile_broadcast import (
    at_least_2d,
    expands_operands,
    row_expand_add_dtypes,
    row_vector_checks,
)
from compiler.ops.type_inference import dims_equal, promote_dtypes, shape_text, static_int
from compiler.ops.wrapping import build, ir_scalar, unwrap

_ROW_EXPAND = ("row_expand", "row_expand_sub", "row_expand_div", "row_expand_mul", "row_expand_max",
               "row_expand_min", "row_expand_expdif", "row_expand_add")  # fmt: skip
_COL_EXPAND = ("col_expand", "col_expand_mul", "col_expand_add", "col_expand_div", "col_expand_sub",
               "col_expand_max", "col_expand_min", "col_expand_expdif")  # fmt: skip


def _tensors(call: OpCall, op: str) -> tuple[TensorType, TensorType]:
    """Both operands unwrapped and tensors of rank >= 2 (recording the IR call)."""
    first = unwrap(call, call.param(0))
    second = unwrap(call, call.param(1))
    tensor = expect(
        known_type(first),
        TensorType,
        f"The operator {op} requires first argument to be a TensorType, but got ",
    )
    vec = expect(
        known_type(second),
        TensorType,
        f"The operator {op} requires second argument to be a TensorType, but got ",
    )
    at_least_2d(op, tensor.shape, vec.shape)
    build(call, op, [first, second])
    return tensor, vec


@wrapper(*(f"tensor.{name}" for name in _ROW_EXPAND))
@rule
def row_expand(call: OpCall) -> IRType | None:
    """`DeduceTensorRowExpandType` (and, for row_expand_add, one dtype of a set)."""
    op = f"tensor.{call.name}"
    tensor, vec = _tensors(call, op)
    row_vector_checks(tensor.shape, vec.shape, op, "tensor")
    dtype = promote_dtypes(tensor.dtype, vec.dtype)
    if call.name == "row_expand_add" and tensor.dtype is not None and vec.dtype is not None:
        row_expand_add_dtypes(op, tensor.dtype, vec.dtype)
    return plain_tensor(tensor.shape, dtype)


@wrapper(*(f"tensor.{name}" for name in _COL_EXPAND))
@rule
def col_expand(call: OpCall) -> IRType | None:
    """`DeduceTensorColExpandType`: the column vector's row dim a constant 1; constant
    column counts agree."""
    op = f"tensor.{call.name}"
    tensor, vec = _tensors(call, op)
    if vec.shape is not None:
        row = static_int(vec.shape[-2])
        if row is not None:
            check(
                row == 1,
                f"The operator {op} requires second argument's second-to-last dimension (row) to be 1, but got {row}",
            )
        if tensor.shape is not None:
            cols, vec_cols = static_int(tensor.shape[-1]), static_int(vec.shape[-1])
            if cols is not None and vec_cols is not None:
                check(
                    cols == vec_cols,
                    f"The operator {op} requires matching column dimensions, but got tensor cols={cols} and "
                    f"col_vec cols={vec_cols}",
                )
    return plain_tensor(tensor.shape, promote_dtypes(tensor.dtype, vec.dtype))


@wrapper("tensor.expands")
@rule
def expands(call: OpCall) -> IRType | None:
    """`DeduceTensorExpandScalarType`: the target's own type (no promotion)."""
    op = "tensor.expands"
    tensor, target, s, scalar = expands_operands(call, TensorType, op, scalar_first=False)
    build(call, op, [target, ir_scalar(scalar, s)])
    return plain_tensor(tensor.shape, tensor.dtype)


@wrapper("tensor.expand_clone")
@rule
def expand_clone(call: OpCall) -> IRType | None:
    """`DeduceTensorExpandCloneType`: a rank-3 input broadcast to the target's shape along
    at most one dim of extent 1."""
    src = unwrap(call, call.param(0))
    target = unwrap(call, call.param(1))
    op = "tensor.expand_clone"
    tensor = expect(known_type(src), TensorType, f"{op}requires first argument to be a TensorType, but got ")
    goal = expect(
        known_type(target), TensorType, f"{op}requires second argument to be a TensorType, but got "
    )
    if tensor.shape is None or goal.shape is None:
        return plain_tensor(goal.shape, promote_dtypes(tensor.dtype, goal.dtype))
    check(len(tensor.shape) == 3, f"{op} requires input rank to be 3, but got {len(tensor.shape)}")
    check(
        len(tensor.shape) == len(goal.shape),
        f"{op} requires input rank ({len(tensor.shape)}) to match target rank ({len(goal.shape)})",
    )
    broadcast_dims = 0
    for i, (dim, new) in enumerate(zip(tensor.shape, goal.shape)):
        equal = dims_equal(dim, new)
        if equal:
            continue
        if static_int(dim) == 1:
            broadcast_dims += 1
            continue
        if equal is None:
            return plain_tensor(goal.shape, promote_dtypes(tensor.dtype, goal.dtype))
        src_text, goal_text = shape_text(tensor.shape), shape_text(goal.shape)
        if src_text is None or goal_text is None:
            return plain_tensor(goal.shape, promote_dtypes(tensor.dtype, goal.dtype))
        raise OpError(
            f"{op} only allows broadcasting from dimension 1, but input shape {src_text} cannot be expanded to "
            f"{goal_text} at dim {i} (got {dim} -> {new})"
        )
    build(call, op, [src, target])
    if broadcast_dims > 1:
        src_text, goal_text = shape_text(tensor.shape), shape_text(goal.shape)
        if src_text is not None and goal_text is not None:
            raise OpError(
                f"{op} allows broadcasting in at most one dimension, but got {broadcast_dims} (input shape "
                f"{src_text}, target shape {goal_text})"
            )
    return plain_tensor(goal.shape, promote_dtypes(tensor.dtype, goal.dtype))
