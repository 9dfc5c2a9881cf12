"""IR types. Enough to tell a Tensor from a Tile from a Scalar, with shapes where known."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from compiler.ir.nodes import Expr

# A dimension is an int when static, else the IR expression (or a symbol name) it came from.
Dim = Union[int, "Expr", str]

__all__ = [
    "Dim",
    "IRType",
    "ScalarType",
    "TaskIdType",
    "TensorType",
    "TileType",
    "TupleType",
    "UnknownType",
]


@dataclass(frozen=True)
class IRType:
    # The class name the real compiler reports for this type (e.g. in "got ScalarType").
    ir_class_name = "Type"


@dataclass(frozen=True)
class UnknownType(IRType):
    """A type this front end does not model: never a reason to report an error."""

    ir_class_name = "UnknownType"


@dataclass(frozen=True)
class TensorType(IRType):
    shape: tuple[Dim, ...] | None
    dtype: str | None
    layout: str | None = None
    distributed: bool = False

    ir_class_name = "TensorType"


@dataclass(frozen=True)
class TileType(IRType):
    shape: tuple[Dim, ...] | None
    dtype: str | None
    memory: str | None = None

    ir_class_name = "TileType"


@dataclass(frozen=True)
class ScalarType(IRType):
    dtype: str | None

    ir_class_name = "ScalarType"


@dataclass(frozen=True)
class TaskIdType(ScalarType):
    """`pl.TaskId` is `pl.Scalar[pl.TASK_ID]` in the real IR, hence its class name."""

    dtype: str | None = "TASK_ID"


@dataclass(frozen=True)
class TupleType(IRType):
    items: tuple[IRType, ...]

    ir_class_name = "TupleType"
