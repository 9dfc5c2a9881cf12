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


# Types are values: never changed once made (nothing assigns to one), hashed and
# compared by their fields. They are not declared frozen, and have slots: a frozen
# class writes each field through `object.__setattr__`, and a type is built for nearly
# every annotation and expression parsed; slots are plain stores and loads.


@dataclass(unsafe_hash=True, slots=True)
class IRType:
    # The class name the real compiler reports for this type (e.g. in "got ScalarType").
    ir_class_name = "Type"


@dataclass(unsafe_hash=True, slots=True)
class UnknownType(IRType):
    """A type this front end does not model: never a reason to report an error."""

    ir_class_name = "UnknownType"


@dataclass(unsafe_hash=True, slots=True)
class TensorType(IRType):
    shape: tuple[Dim, ...] | None
    dtype: str | None
    layout: str | None = None
    distributed: bool = False

    ir_class_name = "TensorType"


@dataclass(unsafe_hash=True, slots=True)
class TileType(IRType):
    shape: tuple[Dim, ...] | None
    dtype: str | None
    memory: str | None = None

    ir_class_name = "TileType"


@dataclass(unsafe_hash=True, slots=True)
class ScalarType(IRType):
    dtype: str | None

    ir_class_name = "ScalarType"


@dataclass(unsafe_hash=True, slots=True)
class TaskIdType(ScalarType):
    """`pl.TaskId` is `pl.Scalar[pl.TASK_ID]` in the real IR, hence its class name."""

    dtype: str | None = "TASK_ID"


@dataclass(unsafe_hash=True, slots=True)
class TupleType(IRType):
    items: tuple[IRType, ...]

    ir_class_name = "TupleType"
