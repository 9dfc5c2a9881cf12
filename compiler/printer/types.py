"""IR types as DSL annotations (`pl.Tensor[[64, 128], pl.FP32]`, `pl.Tile[..., pl.Mem.Vec]`).

A type this front end knows only in part (no shape, no dtype) has no faithful
annotation: `format_type` returns None and the caller leaves the annotation
out (an assignment), or writes `pl.UnknownType` where one is required.
"""

from __future__ import annotations

from compiler.ir import Expr, IRType, ScalarType, TensorType, TileType, TupleType
from compiler.ir.types import Dim
from compiler.printer.expressions import format_expr

UNKNOWN_TYPE = "pl.UnknownType"


def format_type(ir_type: IRType) -> str | None:
    if isinstance(ir_type, TensorType):
        extra = [f"pl.{ir_type.layout}"] if ir_type.layout else []
        return _shaped(_tensor_head(ir_type), ir_type.shape, ir_type.dtype, extra)
    if isinstance(ir_type, TileType):
        extra = [f"pl.Mem.{ir_type.memory}"] if ir_type.memory else []
        return _shaped("pl.Tile", ir_type.shape, ir_type.dtype, extra)
    if isinstance(ir_type, ScalarType):  # TaskIdType prints `pl.Scalar[pl.TASK_ID]`, as the real one
        return f"pl.Scalar[pl.{ir_type.dtype}]" if ir_type.dtype else None
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
        return format_expr(dim)
    return None if dim == "?" else dim  # the source text of a dim we could not fold
