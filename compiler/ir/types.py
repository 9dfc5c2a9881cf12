"""IR types. Enough to tell a Tensor from a Tile from a Scalar, with shapes where known,
and the views the real types carry (a tile's `TileView`, a tensor's `TensorView`:
include/pypto/ir/type.h) where an op rule computed them.

A view is one of three things:
- `None`: the type has no view of its own, which the real compiler means by an
  absent (canonical) view: the whole shape is valid and the layout is the implicit
  one of its shape and memory space;
- a `TileView` / `TensorView`: what the real type's view holds, field by field;
- `UNKNOWN_VIEW` (the default): not known here. No check may trust it (the real
  valid shape may be narrower than the shape), and the printer writes no view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Union

if TYPE_CHECKING:
    from compiler.ir.nodes import Expr

# A dimension is an int when static, else the IR expression (or a symbol name) it came from.
Dim = Union[int, "Expr", str]

__all__ = [
    "UNKNOWN_VIEW",
    "ArrayType",
    "AsyncEventType",
    "AsyncSessionType",
    "CommCtxType",
    "Dim",
    "IRType",
    "PrefetchAsyncContextType",
    "PtrType",
    "ScalarType",
    "TaskIdType",
    "TensorType",
    "TensorView",
    "TileType",
    "TileView",
    "TupleType",
    "UnknownType",
    "UnknownView",
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


class UnknownView:
    """The view of a type an op rule did not compute (`UNKNOWN_VIEW`, the only one)."""

    __slots__ = ()
    _instance: UnknownView | None = None

    def __new__(cls) -> UnknownView:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN_VIEW"

    def __reduce__(self) -> str:
        return "UNKNOWN_VIEW"  # copies (deepcopy of a program) stay the one instance

    def __copy__(self) -> UnknownView:
        return self

    def __deepcopy__(self, memo: object) -> UnknownView:
        return self


UNKNOWN_VIEW: Final = UnknownView()


@dataclass(unsafe_hash=True, slots=True)
class TileView:
    """The real `TileView`, with its defaults. `valid_shape` empty means the whole shape;
    layouts are "row_major", "col_major" or "none_box"; `pad` a `PadValue` member name
    ("null", "zero", "max", "min"); `compact` a `CompactMode` one ("null", "normal")."""

    valid_shape: tuple[Dim, ...] = ()
    stride: tuple[Dim, ...] = ()
    start_offset: Dim | None = None
    blayout: str = "row_major"
    slayout: str = "none_box"
    fractal: int = 512
    pad: str = "null"
    compact: str = "null"


@dataclass(unsafe_hash=True, slots=True)
class TensorView:
    """The real `TensorView` but its layout, which is `TensorType.layout`. `valid_shape`
    empty means the whole shape; `pad` a `PadValue` member name."""

    valid_shape: tuple[Dim, ...] = ()
    stride: tuple[Dim, ...] = ()
    pad: str = "null"


@dataclass(unsafe_hash=True, slots=True)
class TensorType(IRType):
    shape: tuple[Dim, ...] | None
    dtype: str | None
    layout: str | None = None  # a `TensorLayout` member name; None is ND
    distributed: bool = False
    view: TensorView | UnknownView | None = UNKNOWN_VIEW

    ir_class_name = "TensorType"


@dataclass(unsafe_hash=True, slots=True)
class TileType(IRType):
    shape: tuple[Dim, ...] | None
    dtype: str | None
    memory: str | None = None  # a `MemorySpace` member name; None is not yet resolved
    view: TileView | UnknownView | None = UNKNOWN_VIEW

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
class ArrayType(IRType):
    """`pl.Array[N, dtype]`: a small on-core 1-D array (`pl.array.create`); `extent` its N."""

    extent: Dim | None
    dtype: str | None

    ir_class_name = "ArrayType"


@dataclass(unsafe_hash=True, slots=True)
class PtrType(IRType):
    """`pl.Ptr`: an allocation's identity token (what `pld.alloc_window_buffer` returns)."""

    ir_class_name = "PtrType"


@dataclass(unsafe_hash=True, slots=True)
class CommCtxType(IRType):
    """`pld.CommCtx`: a window-bound tensor's communication context (`pld.get_comm_ctx`)."""

    ir_class_name = "CommCtxType"


# The async-prefetch handles (`pl.prefetch.*`): fieldless markers, one class each, as the
# real IR's singleton types; what a prefetch op's deduction checks its operands against.
@dataclass(unsafe_hash=True, slots=True)
class PrefetchAsyncContextType(IRType):
    """`pl.PrefetchAsyncContext`: what `pl.prefetch.make_context()` returns."""

    ir_class_name = "PrefetchAsyncContextType"


@dataclass(unsafe_hash=True, slots=True)
class AsyncEventType(IRType):
    """`pl.AsyncEvent`: what `pl.prefetch.async_prefetch(...)` returns."""

    ir_class_name = "AsyncEventType"


@dataclass(unsafe_hash=True, slots=True)
class AsyncSessionType(IRType):
    """`pl.AsyncSession`: what `pl.prefetch.session(ctx)` returns."""

    ir_class_name = "AsyncSessionType"


@dataclass(unsafe_hash=True, slots=True)
class TupleType(IRType):
    items: tuple[IRType, ...]

    ir_class_name = "TupleType"
