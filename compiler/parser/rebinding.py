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

import ast
from dataclasses import dataclass

from compiler.ir import IRType, TensorType, TileType, UnknownType, Var

# The statement bodies around a statement, outermost first: (id of the compound
# statement, name of the body field).
BlockPath = tuple[tuple[int, str], ...]

_BODY_FIELDS = ("body", "orelse", "finalbody")
# The statements that have any of those fields (the others hold no statements).
_COMPOUND = (
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    *((ast.TryStar,) if hasattr(ast, "TryStar") else ()),  # Python 3.11+
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
)


def block_paths(function: ast.FunctionDef) -> dict[int, BlockPath]:
    """`id(stmt)` -> the blocks it sits in, for every statement of the body."""
    paths: dict[int, BlockPath] = {}
    # An explicit stack, not a recursive closure: a closure that refers to itself is a
    # reference cycle per call, which only the collector frees (the server freezes results).
    pending: list[tuple[list[ast.stmt], BlockPath]] = [(function.body, ())]
    while pending:
        stmts, path = pending.pop()
        for stmt in stmts:
            paths[id(stmt)] = path
            if not isinstance(stmt, _COMPOUND):
                continue
            for field in _BODY_FIELDS:
                children = getattr(stmt, field, None)
                if isinstance(children, list) and children and isinstance(children[0], ast.stmt):
                    pending.append((children, (*path, (id(stmt), field))))
    return paths


@dataclass(frozen=True, init=False)
class FirstBinding:
    type: IRType
    path: BlockPath

    def __init__(self, type: IRType, path: BlockPath) -> None:
        # One per assignment: stored straight into the instance dict (the generated
        # frozen __init__ goes through `object.__setattr__`). Still frozen.
        fields = self.__dict__
        fields["type"] = type
        fields["path"] = path


class RebindingTable:
    """First bindings of the names assigned so far, keyed by the `Var` now bound."""

    def __init__(self, function: ast.FunctionDef) -> None:
        self._paths = block_paths(function)
        self._first: dict[int, FirstBinding] = {}

    def note_parameter(self, var: Var) -> None:
        self._first[id(var)] = FirstBinding(var.type, ())

    def first_type(self, existing: Var | None, stmt: ast.stmt) -> IRType | None:
        """The type an assignment at `stmt` must keep, when the real lookup finds the
        existing binding and we know that binding's first type."""
        if existing is None:
            return None
        first = self._first.get(id(existing))
        if first is None or isinstance(first.type, UnknownType):
            return None
        path = self._paths.get(id(stmt))
        if path is None or path[: len(first.path)] != first.path:
            return None
        return first.type

    def note_assignment(self, existing: Var | None, new: Var, assigned: IRType, stmt: ast.stmt) -> None:
        """Record `new`, just bound at `stmt` to a value of type `assigned`: a reassignment
        keeps the first binding, refined with what `assigned` adds; otherwise it is a
        first binding itself."""
        path = self._paths.get(id(stmt))
        first = self._first.get(id(existing)) if existing is not None else None
        if first is not None and path is not None and path[: len(first.path)] == first.path:
            self._first[id(new)] = FirstBinding(_refined(first.type, assigned), first.path)
        elif path is not None:
            self._first[id(new)] = FirstBinding(assigned, path)


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
