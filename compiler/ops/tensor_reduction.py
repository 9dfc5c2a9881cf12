"""Row and column reductions of tensors (`pl.tensor.row_sum`, `pl.tensor.col_max`, ...):
the wrappers, their IR builders (which pass no axis: the defaults) and the deductions of
src/ir/op/tensor_ops/reduction.cpp."""

from __future__ import annotations

from compiler.ir import IRType, TensorType
from compiler.ir.views import valid_shape
from compiler.ops.call import OpCall
from compiler.ops.checks import check, expect, known, rule
from compiler.ops.registry import wrapper
from compiler.ops.result_views import fresh_tensor
from compiler.ops.tile_reduction import check_non_empty
from compiler.ops.type_inference import dtype_text
from compiler.ops.wrapping import build, unwrap

_ROW = ("row_sum", "row_max", "row_min", "row_prod", "row_argmax", "row_argmin")
_COL = ("col_sum", "col_max", "col_min", "col_prod", "col_argmax", "col_argmin")
_ROW_MIN_DTYPES = frozenset({"INT16", "INT32", "FP16", "FP32"})


@wrapper(*(f"tensor.{name}" for name in (*_ROW, *_COL)))
@rule
def reduction(call: OpCall) -> IRType | None:
    """`DeduceTensorReductionType` (axis -1) / `DeduceTensorColReductionType` (axis -2,
    at least 2D), keep_dim: the reduced axis becomes 1; a fresh result with the
    input's valid extents on the other axes."""
    source = unwrap(call, call.param(0))
    known(source)
    assert source is not None
    name = call.name
    op = f"tensor.{name}"
    tensor = expect(
        source.type, TensorType, f"The operator {op} requires first argument to be a TensorType, but got "
    )
    dtype = "INT32" if name.endswith(("argmax", "argmin")) else tensor.dtype
    if tensor.shape is None:
        return TensorType(None, dtype)
    ndim = len(tensor.shape)
    is_col = name.startswith("col_")
    if is_col:
        check(ndim >= 2, f"The operator {op} requires at least a 2D tensor, but got {ndim} dimensions")
    axis = ndim + (-2 if is_col else -1)
    check(0 <= axis < ndim, f"The operator {op} axis {axis} is out of range for shape with {ndim} dimensions")
    valid = valid_shape(tensor)
    check_non_empty(valid, op)
    if name == "row_min" and tensor.dtype is not None:
        check(
            tensor.dtype in _ROW_MIN_DTYPES,
            f"The operator tensor.row_min requires input dtype in {{INT16, INT32, FP16, FP32}}, but got "
            f"{dtype_text(tensor.dtype)}",
        )
    shape = tuple(1 if i == axis else dim for i, dim in enumerate(tensor.shape))
    out_valid = tuple(1 if i == axis else dim for i, dim in enumerate(valid)) if valid is not None else None
    build(call, op, [source])
    return fresh_tensor(shape, dtype, out_valid)
