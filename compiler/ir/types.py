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


# The types below are built for nearly every annotation and expression parsed: their
# __init__s are written out, storing straight into the instance dict (the generated
# frozen __init__ goes through `object.__setattr__` per field, twice the cost). Still
# frozen: assignment raises as before.


@dataclass(frozen=True, init=False)
class TensorType(IRType):
    shape: tuple[Dim, ...] | None
    dtype: str | None
    layout: str | None = None
    distributed: bool = False

    ir_class_name = "TensorType"

    def __init__(
        self,
        shape: tuple[Dim, ...] | None,
        dtype: str | None,
        layout: str | None = None,
        distributed: bool = False,
    ) -> None:
        fields = self.__dict__
        fields["shape"] = shape
        fields["dtype"] = dtype
        fields["layout"] = layout
        fields["distributed"] = distributed


@dataclass(frozen=True, init=False)
class TileType(IRType):
    shape: tuple[Dim, ...] | None
    dtype: str | None
    memory: str | None = None

    ir_class_name = "TileType"

    def __init__(self, shape: tuple[Dim, ...] | None, dtype: str | None, memory: str | None = None) -> None:
        fields = self.__dict__
        fields["shape"] = shape
        fields["dtype"] = dtype
        fields["memory"] = memory


@dataclass(frozen=True, init=False)
class ScalarType(IRType):
    dtype: str | None

    ir_class_name = "ScalarType"

    def __init__(self, dtype: str | None) -> None:
        self.__dict__["dtype"] = dtype


@dataclass(frozen=True, init=False)
class TaskIdType(ScalarType):
    """`pl.TaskId` is `pl.Scalar[pl.TASK_ID]` in the real IR, hence its class name."""

    dtype: str | None = "TASK_ID"

    def __init__(self, dtype: str | None = "TASK_ID") -> None:
        self.__dict__["dtype"] = dtype


@dataclass(frozen=True, init=False)
class TupleType(IRType):
    items: tuple[IRType, ...]

    ir_class_name = "TupleType"

    def __init__(self, items: tuple[IRType, ...]) -> None:
        self.__dict__["items"] = items
