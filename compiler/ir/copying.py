"""A copy of IR for the passes to rewrite (`run_passes`), made faster than `copy.deepcopy`.

The IR is a tree of dataclasses, lists, tuples and dicts (with sharing: a `Var` is the same
object at its definition and its uses). The copy keeps the sharing, copies every dataclass,
list, tuple and dict, and shares what never changes once made: spans, enum members,
numbers and strings, the types (`compiler.ir.types`: values nothing assigns to) and the
constants (no pass assigns to one) that hold none of the above IR (a dim may be an
expression, whose vars a pass renames: a type holding one is copied, so that it names the
copy's vars), and the fields of spans only the parser writes (`_KEPT_FIELDS`). Anything
else (none is known in the IR) is deep-copied.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from collections.abc import Callable
from functools import cache
from typing import Any

from compiler.base.span import Span
from compiler.ir.nodes import Call, Const, ScopeStmt
from compiler.ir.types import UNKNOWN_VIEW, IRType, TensorType, TensorView, TileType, TileView, TupleType

_Copier = Callable[[Any, dict[int, Any]], Any]

# The classes whose instances are shared as they are (enum classes join when first seen).
_SHARED_BASES = (int, float, str, bytes, enum.Enum, Span)
_SHARED: set[type] = {int, float, str, bytes, bool, type(None), Span}
# Fields the copy shares with the original: they hold spans only, and are written by the
# parser alone (where a keyword was written, the markers that declared a scope's policies).
_KEPT_FIELDS: dict[type, frozenset[str]] = {
    Call: frozenset({"kwarg_spans"}),
    ScopeStmt: frozenset({"declaration_spans"}),
}
# How each other class is copied, found when first seen.
_COPIERS: dict[type, _Copier] = {}


def copy_ir(value: Any, memo: dict[int, Any] | None = None) -> Any:
    memo = {} if memo is None else memo
    return _copy(value, memo)


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    cls = value.__class__
    if cls in _SHARED:
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    copier = _COPIERS.get(cls)
    if copier is None:
        if issubclass(cls, _SHARED_BASES):  # an enum, or another subclass of one of them
            _SHARED.add(cls)
            return value
        copier = _COPIERS[cls] = _copier_of(cls)
    return copier(value, memo)


def _copy_list(value: list[Any], memo: dict[int, Any]) -> list[Any]:
    copied: list[Any] = []
    memo[id(value)] = copied
    shared = _SHARED
    copied.extend([item if item.__class__ in shared else _copy(item, memo) for item in value])
    return copied


def _copy_tuple(value: tuple[Any, ...], memo: dict[int, Any]) -> tuple[Any, ...]:
    shared = _SHARED
    moved = tuple([item if item.__class__ in shared else _copy(item, memo) for item in value])
    memo[id(value)] = moved
    return moved


def _copy_dict(value: dict[Any, Any], memo: dict[int, Any]) -> dict[Any, Any]:
    copied: dict[Any, Any] = {}
    memo[id(value)] = copied
    shared = _SHARED
    for key, item in value.items():
        copied[key] = item if item.__class__ in shared else _copy(item, memo)
    return copied


def _deep_copy(value: Any, memo: dict[int, Any]) -> Any:
    return copy.deepcopy(value, memo)


def _copier_of(cls: type) -> _Copier:
    # (A subclass of a list, tuple or dict, none known in the IR, is copied as one.)
    if issubclass(cls, list):
        return _copy_list
    if issubclass(cls, tuple):
        return _copy_tuple
    if issubclass(cls, dict):
        return _copy_dict
    if not dataclasses.is_dataclass(cls):
        return _deep_copy
    names = _field_names(cls)
    if not names:
        return _deep_copy
    kept = frozenset().union(*(_KEPT_FIELDS.get(base, frozenset()) for base in cls.__mro__))
    copy_fields = _field_copier(cls, names, kept)
    if issubclass(cls, IRType):
        return _type_copier(cls, names, copy_fields)
    if cls is Const:
        return _const_copier(copy_fields)
    return copy_fields


def _field_copier(cls: type, names: tuple[str, ...], kept: frozenset[str]) -> _Copier:
    set_field = object.__setattr__  # a frozen dataclass too
    new = object.__new__
    shared = _SHARED
    copied = tuple(name for name in names if name not in kept)
    kept_names = tuple(name for name in names if name in kept)

    def copy_fields(value: Any, memo: dict[int, Any]) -> Any:
        made = new(cls)
        memo[id(value)] = made
        for name in copied:
            item = getattr(value, name)
            set_field(made, name, item if item.__class__ in shared else _copy(item, memo))
        for name in kept_names:
            set_field(made, name, getattr(value, name))
        extra = getattr(value, "__dict__", None)
        if extra:  # attributes beyond the fields (none expected): copied too
            for name, item in extra.items():
                if name not in names:
                    set_field(made, name, _copy(item, memo))
        return made

    return copy_fields


# What a dim (and a dtype) is when it holds no IR: a size or a symbol's name.
_PLAIN = frozenset({int, str, bool, type(None)})
# What a constant's value is when it is plain (never an IR node).
_PLAIN_VALUES = frozenset({int, float, str, bool, type(None)})


def _const_copier(copy_fields: _Copier) -> _Copier:
    """A constant is never changed once made (no pass assigns to one): one of a plain value
    and a type holding no IR is shared; any other is copied field by field."""

    def copy_const(value: Const, memo: dict[int, Any]) -> Any:
        kind = value.type
        if value.value.__class__ in _PLAIN_VALUES and _holds_no_ir(kind, _field_names(kind.__class__)):
            memo[id(value)] = value
            return value
        return copy_fields(value, memo)

    return copy_const


def _type_copier(cls: type, names: tuple[str, ...], copy_fields: _Copier) -> _Copier:
    """A type holding no IR (`_holds_no_ir`) is shared; any other is copied field by field."""

    def copy_type(value: IRType, memo: dict[int, Any]) -> Any:
        if _holds_no_ir(value, names):
            memo[id(value)] = value
            return value
        return copy_fields(value, memo)

    return copy_type


def _holds_no_ir(value: Any, names: tuple[str, ...]) -> bool:
    """Whether a type is made of plain values only: dims that are ints or symbol names."""
    plain = _PLAIN
    cls = value.__class__
    if cls is TileType or cls is TensorType:
        shape = value.shape
        if shape is not None and not all(dim.__class__ in plain for dim in shape):
            return False
        view = value.view
        if view is None or view is UNKNOWN_VIEW:
            return True
        if view.__class__ is TileView:
            return all(dim.__class__ in plain for dim in (*view.valid_shape, *view.stride, view.start_offset))
        if view.__class__ is TensorView:
            return all(dim.__class__ in plain for dim in (*view.valid_shape, *view.stride))
        return False
    if cls is TupleType:
        return all(
            isinstance(item, IRType) and _holds_no_ir(item, _field_names(item.__class__))
            for item in value.items
        )
    # ScalarType, TaskIdType, UnknownType: a dtype name at most.
    return all(getattr(value, name).__class__ in plain for name in names)


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))
