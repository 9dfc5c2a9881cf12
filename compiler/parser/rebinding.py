"""What type a reassigned name must keep (`_assign_or_let`), with the real scoping.

The real parser gives a name one `Var` for its whole life in a scope: a later
assignment that finds it (`lookup_var`) must bring the same type. Its scopes
do not always leak (a loop with `init_values` or a `pl.yield_` keeps its
names), while our binding table does; so we only compare with a binding made
by an assignment in the same block or in a block around the new one, which
the real lookup certainly finds. The type compared is the first binding's:
the real `Var` keeps it. A first type we do not know is never compared with.
"""

from __future__ import annotations

from compiler.ir import IRType, TensorType, TileType, UnknownType, Var

# The statement bodies around a statement, outermost first, as the ids of their
# statement lists (each body of a compound statement is a list of its own). The
# function parser extends it as it enters a body: no walk of its own.
BlockPath = tuple[int, ...]


class RebindingTable:
    """First bindings of the names assigned so far, keyed by the `Var` now bound: the
    first binding's type and the blocks it was made in."""

    def __init__(self) -> None:
        self._first: dict[int, tuple[IRType, BlockPath]] = {}

    def note_parameter(self, var: Var) -> None:
        self._first[id(var)] = (var.type, ())

    def assign(self, existing: Var | None, path: BlockPath) -> tuple[IRType, BlockPath] | None:
        """The first binding an assignment in the blocks `path` rebinds: the existing
        binding's, when the real lookup certainly finds it (made in the same block or in
        one around it)."""
        if existing is None:
            return None
        first = self._first.get(id(existing))
        if first is None:
            return None
        first_path = first[1]
        if first_path is path or path[: len(first_path)] == first_path:
            return first
        return None

    def note_assignment(
        self, first: tuple[IRType, BlockPath] | None, new: Var, assigned: IRType, path: BlockPath
    ) -> None:
        """Record `new`, just bound in the blocks `path` to a value of type `assigned`: a
        reassignment (`first`, from `assign`) keeps the first binding, refined with what
        `assigned` adds; otherwise it is a first binding itself."""
        if first is not None:
            self._first[id(new)] = (_refined(first[0], assigned), first[1])
        else:
            self._first[id(new)] = (assigned, path)


def first_type(first: tuple[IRType, BlockPath] | None) -> IRType | None:
    """The type a reassignment must keep; None when there is none or it is not known."""
    if first is None or isinstance(first[0], UnknownType):
        return None
    return first[0]


def _refined(first: IRType, new: IRType) -> IRType:
    """What the first type becomes once an accepted reassignment shows more of it (the
    real one is equal to the new type then). An unknown first type stays unknown:
    the real one may be unknown too, and then nothing is ever compared with it."""
    if isinstance(first, TileType) and isinstance(new, TileType):
        return TileType(first.shape or new.shape, first.dtype or new.dtype, first.memory or new.memory)
    if isinstance(first, TensorType) and isinstance(new, TensorType) and first.distributed == new.distributed:
        return TensorType(
            first.shape or new.shape, first.dtype or new.dtype, first.layout or new.layout, first.distributed
        )
    return first
