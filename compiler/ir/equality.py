"""Structural equality and hashing of IR, like the real `ir.structural_equal` / `structural_hash`.

Two trees are equal when they have the same node classes and field values at
every position, where:
- Vars are matched by the positions they occupy, never by name: the pairs of
  Vars met at corresponding positions must form a one-to-one mapping (so a
  binding and all its uses correspond, whatever either side calls them);
- ordered things (statements, arguments, attrs, kwargs) compare in order;
- spans (any field named `span` or ending in `_span`/`_spans`), the decorator
  spelling a function was written with and a statement's source comments are
  ignored: they say where and how the author wrote it, not what the IR means; so is
  why a `@pl.jit` function is not specialised (`jit_unspecialised`): it says how the
  file's `__main__` calls it;
- a program's functions compare by name, in name order (the real program keeps
  them in a map by name);
- a statement sequence nested in another compares as its statements in its place.

The hash agrees with equality: Vars hash by the order in which the walk first
meets them, which is the same on both sides of an equal pair. It is stable
across processes (no per-process string-hash salt).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Iterator
from typing import Any

from compiler.ir.nodes import Expr, Function, Param, Program, SeqStmts, Stmt, Var
from compiler.ir.types import IRType, TensorView, TileView, UnknownView

_IGNORED_FIELDS = frozenset({"decorator", "comments", "jit_unspecialised", "built_with"})
_NODE_TYPES = (Expr, Stmt, Function, Param, Program, IRType, TileView, TensorView)


def _compared_fields(node: Any) -> list[str]:
    return [
        f.name
        for f in dataclasses.fields(node)
        if not (f.name == "span" or f.name.endswith(("_span", "_spans")) or f.name in _IGNORED_FIELDS)
    ]


def _field(node: Any, name: str) -> Any:
    value = getattr(node, name)
    if name == "functions" and isinstance(node, Program):
        return sorted(value, key=lambda function: function.name)
    if name == "stmts" and isinstance(node, SeqStmts):
        return _flattened(value)
    return value


def _flattened(stmts: list[Stmt]) -> list[Stmt]:
    """A sequence's statements with each sequence nested in it put in its place: our
    parser groups an unpacking's statements (`_submit_tmp = pl.submit(...)`, then one
    per item), which read back from their dump stand one by one; same statements, same
    order, same meaning."""
    if not any(isinstance(stmt, SeqStmts) for stmt in stmts):
        return stmts
    flat: list[Stmt] = []
    for stmt in stmts:
        flat.extend(_flattened(stmt.stmts) if isinstance(stmt, SeqStmts) else [stmt])
    return flat


class StructuralMismatch(AssertionError):
    """Where two trees first differ: a path of field names and indices, and why."""


class _Comparer:
    def __init__(self) -> None:
        self._forward: dict[int, Var] = {}
        self._backward: dict[int, Var] = {}

    def check(self, a: Any, b: Any, path: str) -> None:
        if (isinstance(a, UnknownView) and b is None) or (a is None and isinstance(b, UnknownView)):
            return  # a view not known prints as none: the printed IR cannot tell them apart
        if type(a) is not type(b):
            raise StructuralMismatch(f"{path}: {type(a).__name__} vs {type(b).__name__}")
        if isinstance(a, Var):
            self._match_vars(a, b, path)
        elif isinstance(a, _NODE_TYPES):
            for name in _compared_fields(a):
                self.check(_field(a, name), _field(b, name), f"{path}.{name}")
        elif isinstance(a, (list, tuple)):
            if len(a) != len(b):
                raise StructuralMismatch(f"{path}: {len(a)} items vs {len(b)}")
            for index, (x, y) in enumerate(zip(a, b)):
                if _is_attr_entry(x) and _is_attr_entry(y):  # name attrs by key in the path
                    if x[0] != y[0]:
                        raise StructuralMismatch(f"{path}[{index}]: attr {x[0]!r} vs {y[0]!r}")
                    self.check(x[1], y[1], f"{path}[{x[0]!r}]")
                else:
                    self.check(x, y, f"{path}[{index}]")
        elif isinstance(a, dict):
            if list(a) != list(b):
                raise StructuralMismatch(f"{path}: keys {list(a)} vs {list(b)}")
            for key in a:
                self.check(a[key], b[key], f"{path}[{key!r}]")
        elif a != b:
            raise StructuralMismatch(f"{path}: {a!r} vs {b!r}")

    def _match_vars(self, a: Var, b: Var, path: str) -> None:
        mapped, mapped_back = self._forward.get(id(a)), self._backward.get(id(b))
        if mapped is None and mapped_back is None:
            self._forward[id(a)], self._backward[id(b)] = b, a
            self.check(a.type, b.type, f"{path}({a.name}).type")
        elif mapped is not b or mapped_back is not a:
            raise StructuralMismatch(f"{path}: var {a.name!r} does not correspond to {b.name!r} here")


def _is_attr_entry(item: Any) -> bool:
    """A `(key, value)` entry of an ordered attrs list."""
    return isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)


def assert_structural_equal(a: Any, b: Any) -> None:
    """Raise `StructuralMismatch` (an AssertionError) naming the first difference."""
    _Comparer().check(a, b, type(a).__name__)


def structural_equal(a: Any, b: Any) -> bool:
    """Programs, functions, statements, expressions or types: equal up to Var renaming and spans."""
    try:
        assert_structural_equal(a, b)
    except StructuralMismatch:
        return False
    return True


def structural_hash(node: Any) -> int:
    """A 64-bit hash; `structural_equal(a, b)` implies `structural_hash(a) == structural_hash(b)`."""
    digest = hashlib.blake2b(digest_size=8)
    for token in _tokens(node, {}):
        digest.update(token.encode("utf-8", "surrogatepass"))
        digest.update(b"\x00")
    return int.from_bytes(digest.digest(), "big")


def _tokens(node: Any, var_numbers: dict[int, int]) -> Iterator[str]:
    """The walk `_Comparer.check` makes, as a token stream (Vars numbered by first sight)."""
    if isinstance(node, UnknownView):
        node = None  # (equal to no view, see `_Comparer.check`)
    yield type(node).__name__
    if isinstance(node, Var):
        number = var_numbers.get(id(node))
        if number is None:
            number = var_numbers[id(node)] = len(var_numbers)
            yield f"var{number}"
            yield from _tokens(node.type, var_numbers)
        else:
            yield f"var{number}"
    elif isinstance(node, _NODE_TYPES):
        for name in _compared_fields(node):
            yield name
            yield from _tokens(_field(node, name), var_numbers)
    elif isinstance(node, (list, tuple)):
        yield str(len(node))
        for item in node:
            yield from _tokens(item, var_numbers)
    elif isinstance(node, dict):
        yield str(len(node))
        for key, value in node.items():
            yield repr(key)
            yield from _tokens(value, var_numbers)
    elif isinstance(node, enum.Enum):
        yield f"{node.value!r}"
    else:
        yield repr(node)
