"""A copy of IR for the passes to rewrite (`run_passes`), made faster than `copy.deepcopy`.

The IR is a tree of dataclasses, lists, tuples and dicts (with sharing: a `Var` is the same
object at its definition and its uses). The copy keeps the sharing, copies every dataclass,
list, tuple and dict, and shares what never changes once made: spans, enum members,
numbers and strings. Anything else (none is known in the IR) is deep-copied.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from typing import Any

from compiler.base.span import Span

_SHARED = (int, float, str, bytes, bool, type(None), enum.Enum, Span)
_FIELDS: dict[type, tuple[str, ...]] = {}


def copy_ir(value: Any, memo: dict[int, Any] | None = None) -> Any:
    memo = {} if memo is None else memo
    return _copy(value, memo)


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    if isinstance(value, _SHARED):
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    if isinstance(value, list):
        copied: list[Any] = []
        memo[id(value)] = copied
        copied.extend([_copy(item, memo) for item in value])
        return copied
    if isinstance(value, tuple):
        moved = tuple(_copy(item, memo) for item in value)
        memo[id(value)] = moved
        return moved
    if isinstance(value, dict):
        copied_dict: dict[Any, Any] = {}
        memo[id(value)] = copied_dict
        for key, item in value.items():
            copied_dict[key] = _copy(item, memo)
        return copied_dict
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        names = _field_names(cls)
        _FIELDS[cls] = names
    if not names:
        return copy.deepcopy(value, memo)
    made = object.__new__(cls)
    memo[id(value)] = made
    for name in names:
        object.__setattr__(made, name, _copy(getattr(value, name), memo))
    extra = getattr(value, "__dict__", None)
    if extra:  # attributes beyond the fields (none expected): copied too
        for name, item in extra.items():
            if name not in names:
                object.__setattr__(made, name, _copy(item, memo))
    return made


def _field_names(cls: type) -> tuple[str, ...]:
    if not dataclasses.is_dataclass(cls):
        return ()
    return tuple(field.name for field in dataclasses.fields(cls))
