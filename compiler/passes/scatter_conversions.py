"""The tile forms of the scatters ConvertTensorToTileOps builds in a kernel: `tensor.scatter`'s
index form, `tensor.scatter_mask` and `tensor.scatter_update` / `tile.scatter_update` (the real
`RegisterScatterOps` and the scatter_update entry of src/ir/transforms/op_conversion_registry.cpp).

`pto.tscatter` writes only the scattered positions of a zeroed destination, so each lowering
rebuilds the op's keep-the-rest meaning with a blend: the values scattered into zeros, ones
scattered the same way into zeros as a mask, the mask compared with 0 (`cmp_type=1`, not
equal), and `tile.sel` taking the scattered value where written and the destination elsewhere.
"""

from __future__ import annotations

from typing import Any

from compiler.base.span import Span
from compiler.ir import AssignStmt, Call, Const, Expr, ScalarType, Stmt, TileType, Var
from compiler.ops.type_inference import dtype_bits, dtype_text, is_float_dtype
from compiler.passes.not_modelled import PassNotModelled
from compiler.passes.op_conversion import (
    PASS_NAME,
    Conversion,
    ConversionError,
    Converted,
    dtype_kwarg,
    memory_kwarg,
    shape_tuple,
)
from compiler.passes.tile_op_types import typed_call

_VEC_OPERANDS = {0: ("Vec", None), 1: ("Vec", None), 2: ("Vec", None)}


class _Emitter:
    """The real lowering's `emit`: each op bound to a named var, in order."""

    def __init__(self, span: Span) -> None:
        self.span = span
        self.stmts: list[Stmt] = []

    def emit(self, op: str, args: list[Expr], kwargs: dict[str, Any], name: str) -> Var:
        call = typed_call(op, args, kwargs, self.span)
        var = Var(self.span, name, type=call.type)
        self.stmts.append(AssignStmt(self.span, var, call))
        return var

    def full(self, dtype: str, rows: int, cols: int, value: int, name: str) -> Var:
        """`tile.full([rows, cols], dtype=, value=)`, the value a plain number (an attribute,
        printed bare: `0.0` for a float dtype, `0` for an integer one)."""
        kwargs = {
            "dtype": dtype_kwarg(self.span, dtype),
            "value": float(value) if is_float_dtype(dtype) else value,
        }
        return self.emit("tile.full", [shape_tuple((rows, cols), self.span)], kwargs, name)

    def blend(self, scattered: Var, mask: Var, mask_dtype: str, keep: Expr, names: tuple[str, str]) -> Call:
        """`tile.sel(mask != 0, scattered, keep, <UINT8 [1, 32] scratch>)`, the predicate and
        the scratch tile bound to `names`."""
        span = self.span
        zero = Const(span, 0.0 if is_float_dtype(mask_dtype) else 0, type=ScalarType(mask_dtype))
        predicate = self.emit("tile.cmps", [mask, zero], {"cmp_type": 1}, names[0])
        scratch_kwargs = {"dtype": dtype_kwarg(span, "UINT8"), "target_memory": memory_kwarg(span, "Vec")}
        scratch = self.emit("tile.create", [shape_tuple((1, 32), span)], scratch_kwargs, names[1])
        return typed_call("tile.sel", [predicate, scattered, keep, scratch], {}, span)


def _mask_dtype(dtype: str) -> str:
    """A dtype `tile.cmps` compares, of the element's width (bf16's mask is fp16)."""
    width = (dtype_bits(dtype) or 8) // 8
    return "FP32" if width == 4 else "FP16" if width == 2 else "INT8"


def _tiles(args: list[Expr], count: int, what: str, span: Span) -> list[TileType]:
    types = [arg.type for arg in args]
    if len(args) != count or not all(
        isinstance(t, TileType) and t.shape is not None and t.dtype is not None for t in types
    ):
        raise PassNotModelled(PASS_NAME, f"a {what} of another form", span)
    return types  # type: ignore[return-value]


def _static(dims: tuple[Any, ...], what: str, span: Span) -> list[int]:
    if not all(isinstance(dim, int) and not isinstance(dim, bool) for dim in dims):
        raise PassNotModelled(PASS_NAME, f"a {what} of a dynamic shape", span)
    return list(dims)


def _scatter(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """Column scatter of rank 2: the flat index `i * cols + index[i, j]` (the index itself
    for one source row), in the index's dtype."""
    target, indices, source = _tiles(args, 3, "tensor.scatter", span)
    if len(target.shape) != 2 or len(source.shape) != 2:  # type: ignore[arg-type]
        raise PassNotModelled(PASS_NAME, "a tensor.scatter of another rank", span)
    rows, source_cols = _static(source.shape, "tensor.scatter", span)  # type: ignore[arg-type]
    target_rows, cols = _static(target.shape, "tensor.scatter", span)  # type: ignore[arg-type]
    index_dtype, dtype = str(indices.dtype), str(target.dtype)
    if index_dtype == "INT16":
        most = 32768 if cols == 0 else 32768 // cols
        if rows > most:
            raise ConversionError(
                f"tensor.scatter with element dtype {dtype_text(dtype)} uses INT16 flattened indices, but the "
                f"destination is too large: rows({rows}) * cols({cols}) exceeds the INT16 index range (max flat "
                f"index 32767, rows <= {most}). Use a smaller tile or split the scatter into chunks.",
                "ValueError",
                span,
            )
    out = _Emitter(span)
    flat: Expr = args[1]
    if rows != 1:
        typed = ScalarType(index_dtype)
        ci_kwargs = {"dtype": dtype_kwarg(span, index_dtype), "descending": False}
        ci_args = [Const(span, 0, type=typed), shape_tuple((1, rows), span)]
        ci = out.emit("tile.ci", ci_args, ci_kwargs, "scatter_ci_rows")
        arange = out.emit("tile.reshape", [ci, shape_tuple((rows, 1), span)], {}, "scatter_row_arange")
        base = out.emit("tile.muls", [arange, Const(span, cols, type=typed)], {}, "scatter_row_base")
        flat = out.emit("tile.row_expand_add", [args[1], base], {}, "scatter_flat_idx")
    mask_dtype = _mask_dtype(dtype)
    zeros = out.full(dtype, target_rows, cols, 0, "scatter_values_zero")
    scattered = out.emit("tile.scatter", [zeros, args[2], flat], {}, "scatter_values")
    mask_zeros = out.full(mask_dtype, target_rows, cols, 0, "scatter_mask_zero")
    ones = out.full(mask_dtype, rows, source_cols, 1, "scatter_ones")
    mask = out.emit("tile.scatter", [mask_zeros, ones, flat], {}, "scatter_mask")
    return out.stmts, out.blend(scattered, mask, mask_dtype, args[0], ("scatter_pred", "scatter_sel_tmp"))


def _scatter_mask(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """The mask form: the input written into the pattern's columns of a zeroed destination."""
    source, target = _tiles(args, 2, "tensor.scatter_mask", span)
    rows, cols = _static(source.shape[:2], "tensor.scatter_mask", span)  # type: ignore[index]
    target_cols = _static(target.shape[1:2], "tensor.scatter_mask", span)[0]  # type: ignore[index]
    dtype = str(target.dtype)
    mask_dtype = _mask_dtype(dtype)
    out = _Emitter(span)
    zeros = out.full(dtype, rows, target_cols, 0, "scatter_mask_values_zero")
    scattered = out.emit("tile.scatter_mask", [zeros, args[0]], dict(kwargs), "scatter_mask_values")
    mask_zeros = out.full(mask_dtype, rows, target_cols, 0, "scatter_mask_mask_zero")
    ones = out.full(mask_dtype, rows, cols, 1, "scatter_mask_ones")
    mask = out.emit("tile.scatter_mask", [mask_zeros, ones], dict(kwargs), "scatter_mask_mask")
    return out.stmts, out.blend(
        scattered, mask, mask_dtype, args[1], ("scatter_mask_pred", "scatter_mask_sel_tmp")
    )


def _scatter_update(args: list[Expr], kwargs: dict[str, Any], span: Span) -> Converted:
    """Whole rows: src row k goes to dst row `index.flat[k]`; the flat index of each
    element `index.flat[k] * d + c`, built in INT32 and narrowed to the index width
    tscatter needs (INT16 for a 2-byte destination)."""
    target, indices, source = _tiles(args, 3, "tensor.scatter_update", span)
    if len(target.shape) != 2 or len(source.shape) != 2:  # type: ignore[arg-type]
        raise ConversionError(
            "scatter_update: only 2D input/src is currently supported in lowering, got input rank "
            f"{len(target.shape)} and src rank {len(source.shape)}",  # type: ignore[arg-type]
            "ValueError",
            span,
        )
    rows = _static(source.shape[:1], "tensor.scatter_update", span)[0]  # type: ignore[index]
    batch, seq = _static(indices.shape[:2], "tensor.scatter_update", span)  # type: ignore[index]
    target_rows, width = _static(target.shape, "tensor.scatter_update", span)  # type: ignore[arg-type]
    if rows != batch * seq:
        raise PassNotModelled(
            PASS_NAME, "a tensor.scatter_update whose src rows are not the index's size", span
        )
    dtype = str(target.dtype)
    index_dtype = "INT32" if (dtype_bits(dtype) or 8) // 8 == 4 else "INT16"
    if index_dtype == "INT16" and target_rows * width > 32767:
        raise ConversionError(
            f"scatter_update: {dtype_text(dtype)} dst has m*d = {target_rows * width} elements, exceeding the "
            "i16 flat-index limit (32767); reduce dst rows*cols or use a 4-byte dtype",
            "ValueError",
            span,
        )
    int32 = ScalarType("INT32")
    out = _Emitter(span)
    ci_kwargs = {"dtype": dtype_kwarg(span, "INT32"), "descending": False}
    columns = out.emit(
        "tile.ci", [Const(span, 0, type=int32), shape_tuple((1, width), span)], ci_kwargs, "su_col"
    )
    template_kwargs = {"dtype": dtype_kwarg(span, "INT32"), "value": 0}
    template = out.emit("tile.full", [shape_tuple((rows, width), span)], template_kwargs, "su_tmpl")
    spread = out.emit("tile.col_expand", [template, columns], {}, "su_col_nd")
    row_index: Expr = args[1]
    if indices.dtype != "INT32":
        cast_kwargs = {"target_type": dtype_kwarg(span, "INT32"), "mode": "none"}
        row_index = out.emit("tile.cast", [row_index], cast_kwargs, "su_idx_i32")
    flat_rows = out.emit("tile.reshape", [row_index, shape_tuple((rows, 1), span)], {}, "su_idx_flat")
    base = out.emit("tile.muls", [flat_rows, Const(span, width, type=int32)], {}, "su_row_base")
    flat = out.emit("tile.row_expand_add", [spread, base], {}, "su_flat_idx")
    if index_dtype != "INT32":
        cast_kwargs = {"target_type": dtype_kwarg(span, index_dtype), "mode": "none"}
        flat = out.emit("tile.cast", [flat], cast_kwargs, "su_flat_idx_cast")
    mask_dtype = _mask_dtype(dtype)
    scattered = out.emit(
        "tile.scatter", [out.full(dtype, target_rows, width, 0, "su_v0"), args[2], flat], {}, "su_vals"
    )
    mask_zeros = out.full(mask_dtype, target_rows, width, 0, "su_m0")
    ones = out.full(mask_dtype, rows, width, 1, "su_ones")
    mask = out.emit("tile.scatter", [mask_zeros, ones, flat], {}, "su_mask")
    return out.stmts, out.blend(scattered, mask, mask_dtype, args[0], ("su_pred", "su_tmp"))


SCATTER_CONVERSIONS: dict[str, Conversion] = {
    "tensor.scatter": Conversion(_scatter, dict(_VEC_OPERANDS)),
    "tensor.scatter_mask": Conversion(_scatter_mask, {0: ("Vec", None), 1: ("Vec", None)}),
    "tensor.scatter_update": Conversion(_scatter_update, dict(_VEC_OPERANDS)),
    "tile.scatter_update": Conversion(_scatter_update, dict(_VEC_OPERANDS)),
}
