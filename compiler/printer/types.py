"""IR types as DSL annotations (`pl.Tensor[[64, 128], pl.FP32]`, `pl.Tile[..., pl.Mem.Vec]`).

A type this front end knows only in part (no shape, no dtype) has no faithful
annotation: `format_type` returns None and the caller leaves the annotation
out (an assignment), or writes `pl.UnknownType` where one is required.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from compiler.ir import (
    ArrayType,
    BinaryExpr,
    CommCtxType,
    Expr,
    IRType,
    PtrType,
    ScalarType,
    TensorType,
    TileType,
    TupleType,
    UnaryExpr,
    Var,
)
from compiler.ir.types import Dim, TensorView, TileView, UnknownView
from compiler.ir.views import canonical_tensor_view, canonical_tile_view, dims_equal, implicit_tile_layout
from compiler.printer.expressions import format_expr

UNKNOWN_TYPE = "pl.UnknownType"

# The variables a dim may name where types are printed now (None: any). A function's
# printer sets it: a type naming a variable the function does not bind (a shape or a
# valid shape computed in the caller of an outlined kernel) has no spelling there that
# reads back, so it prints as a type we cannot write.
_IN_SCOPE: ContextVar[frozenset[int] | None] = ContextVar("pto_printer_variables_in_scope", default=None)


@contextmanager
def variables_in_scope(variables: Iterable[Var]) -> Iterator[None]:
    """Types printed inside may name only `variables`."""
    token = _IN_SCOPE.set(frozenset(id(var) for var in variables))
    try:
        yield
    finally:
        _IN_SCOPE.reset(token)


def _in_scope(expr: Expr) -> bool:
    scope = _IN_SCOPE.get()
    if scope is None:
        return True
    pending: list[Expr] = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, Var):
            if id(node) not in scope:
                return False
        elif isinstance(node, BinaryExpr):
            pending += (node.lhs, node.rhs)
        elif isinstance(node, UnaryExpr):
            pending.append(node.operand)
    return True


def format_type(ir_type: IRType) -> str | None:
    if isinstance(ir_type, TensorType):
        if isinstance(ir_type.view, UnknownView):
            extra = [f"pl.{ir_type.layout}"] if ir_type.layout else []
        else:
            view = _tensor_view(ir_type)
            if view is None and ir_type.shape is not None:
                return None
            extra = [view] if view else []
        return _shaped(_tensor_head(ir_type), ir_type.shape, ir_type.dtype, extra)
    if isinstance(ir_type, TileType):
        extra = [f"pl.Mem.{ir_type.memory}"] if ir_type.memory else []
        if not isinstance(ir_type.view, UnknownView) and ir_type.shape is not None:
            view = _tile_view(ir_type.view, ir_type.shape, ir_type.memory)
            if view is None:
                return None
            if view:
                extra.append(view)
        return _shaped("pl.Tile", ir_type.shape, ir_type.dtype, extra)
    if isinstance(ir_type, ScalarType):  # TaskIdType prints `pl.Scalar[pl.TASK_ID]`, as the real one
        return f"pl.Scalar[pl.{ir_type.dtype}]" if ir_type.dtype else None
    if isinstance(ir_type, ArrayType):
        extent = _dim(ir_type.extent) if ir_type.extent is not None else None
        return f"pl.Array[{extent}, pl.{ir_type.dtype}]" if extent is not None and ir_type.dtype else None
    if isinstance(ir_type, PtrType):
        return "pl.Ptr"
    if isinstance(ir_type, CommCtxType):
        return "pld.CommCtxType"
    if isinstance(ir_type, TupleType):
        items = [format_type(item) for item in ir_type.items]
        if any(item is None for item in items):
            return None
        return f"pl.Tuple[{', '.join(items) if items else '()'}]"  # type: ignore[arg-type]
    return None


def format_param_type(ir_type: IRType) -> str | None:
    """A parameter's annotation: also the bare `pl.Tensor` of `@pl.jit` parameters."""
    if isinstance(ir_type, TensorType) and ir_type.shape is None and ir_type.dtype is None:
        return None if ir_type.layout else _tensor_head(ir_type)
    return format_type(ir_type)


def format_required_type(ir_type: IRType) -> str:
    """Where an annotation cannot be left out: `pl.UnknownType`, as the real printer writes it."""
    return format_param_type(ir_type) or UNKNOWN_TYPE


def shape_names(ir_type: IRType) -> list[str]:
    """The symbolic dims a type names (e.g. `M` in `pl.Tensor[[M, 128], ...]`)."""
    if isinstance(ir_type, (TensorType, TileType)):
        return [dim for dim in ir_type.shape or () if isinstance(dim, str)]
    if isinstance(ir_type, TupleType):
        return [name for item in ir_type.items for name in shape_names(item)]
    return []


def _tensor_head(ir_type: TensorType) -> str:
    return "pld.DistributedTensor" if ir_type.distributed else "pl.Tensor"


def _shaped(head: str, shape: tuple[Dim, ...] | None, dtype: str | None, extra: list[str]) -> str | None:
    if shape is None or dtype is None:
        return None
    dims = [_dim(dim) for dim in shape]
    if any(dim is None for dim in dims):
        return None
    return f"{head}[[{', '.join(dims)}], {', '.join([f'pl.{dtype}', *extra])}]"  # type: ignore[arg-type]


def _dim(dim: Dim) -> str | None:
    if isinstance(dim, int):
        return str(dim)
    if isinstance(dim, Expr):
        return format_expr(dim) if _in_scope(dim) else None
    return None if dim == "?" else dim  # the source text of a dim we could not fold


def _tile_view(view: TileView | None, shape: tuple[Dim, ...], memory: str | None) -> str | None:
    """`PrintTileView` of the canonical view: "" when there is none; the fields that
    differ from the implicit view, in the real order. None when a dim has no spelling."""
    view = canonical_tile_view(view, shape, memory)
    if view is None:
        return ""
    blayout, slayout, fractal = implicit_tile_layout(shape, memory)
    parts: list[str] = []
    if view.valid_shape and not dims_equal(view.valid_shape, shape):
        parts.append(f"valid_shape={_dim_list(view.valid_shape)}")
    if view.stride:
        parts.append(f"stride={_dim_list(view.stride)}")
    if view.start_offset is not None:
        parts.append(f"start_offset={_dim_list((view.start_offset,))[1:-1]}")
    if view.blayout != blayout:
        parts.append(f"blayout=pl.TileLayout.{view.blayout}")
    if view.slayout != slayout:
        parts.append(f"slayout=pl.TileLayout.{view.slayout}")
    if view.fractal != fractal:
        parts.append(f"fractal={view.fractal}")
    if view.pad != "null":
        parts.append(f"pad=pl.PadValue.{view.pad}")
    if view.compact != "null":
        parts.append(f"compact=pl.CompactMode.{view.compact}")
    return _view_call("pl.TileView", parts)


def _tensor_view(ir_type: TensorType) -> str | None:
    """`PrintTensorView` of the type's view and layout: "" when there is none; None when
    a dim has no spelling."""
    shape = ir_type.shape or ()
    view = canonical_tensor_view(
        ir_type.view if isinstance(ir_type.view, TensorView) else None, shape, ir_type.layout
    )
    layout = ir_type.layout or "ND"
    if view is None and layout == "ND":
        return ""
    view = view or TensorView()
    parts: list[str] = []
    if view.valid_shape and not dims_equal(view.valid_shape, shape):
        parts.append(f"valid_shape={_dim_list(view.valid_shape)}")
    # A non-trivial view always writes its stride and layout (the real constructor needs both).
    parts.append(f"stride={_dim_list(view.stride)}")
    parts.append(f"layout=pl.TensorLayout.{layout}")
    if view.pad != "null":
        parts.append(f"pad=pl.PadValue.{view.pad}")
    return _view_call("pl.TensorView", parts)


def _view_call(constructor: str, parts: list[str]) -> str | None:
    """The view's constructor call; None when a dim in it has no spelling."""
    if any(_UNPRINTABLE in part for part in parts):
        return None
    return f"{constructor}({', '.join(parts)})"


# Marks a dim with no spelling inside a view's text (no dim's spelling contains it).
_UNPRINTABLE = "\x00"


def _dim_list(dims: tuple[Dim, ...]) -> str:
    return "[" + ", ".join(_dim(dim) or _UNPRINTABLE for dim in dims) + "]"
