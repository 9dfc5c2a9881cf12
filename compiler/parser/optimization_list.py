"""`optimizations=[...]` of `pl.at(...)` and `pl.spmd(...)`, checked as the real parser
reads it (`_parse_optimizations_list`): a list literal whose entries are each
`pl.split(pl.SplitMode.X)` or `pl.cross_core_slot(slot_num=N)` (or their
`pl.optimizations.` spellings), each at most once, the slot count set once."""

from __future__ import annotations

import ast

from compiler.parser.enum_values import SPLIT_MODE_NAMES, enum_member
from compiler.parser.errors import syntax_error

_LIST_HINT = "Use optimizations=[pl.split(pl.SplitMode.NONE)]."
_ENTRY_HINT = "Each entry must be pl.split(pl.SplitMode.X) or pl.cross_core_slot(slot_num=N)."
_SLOT_HINT = "Use pl.cross_core_slot(slot_num=4)."
_TWICE = (
    "optimizations=[...] sets the cross-core slot count twice: via the "
    "deprecated pl.split(slot_num=...) and via pl.cross_core_slot(...)"
)


def check_optimization_list(value: ast.expr, owner: str) -> None:
    """Raise the real parser's first rejection of `owner(optimizations=value)`;
    `owner` is "pl.at" or "pl.spmd" (the real messages name it)."""
    if not isinstance(value, ast.List):
        raise syntax_error(f"{owner}(optimizations=...) must be a list literal", value, _LIST_HINT)
    seen_split = seen_slot = slot_from_split = False
    for entry in value.elts:
        if _is_optimization_call(entry, "split"):
            assert isinstance(entry, ast.Call)
            split_slot = _split_entry(entry)
            if seen_split:
                raise syntax_error("Duplicate 'pl.split(...)' in optimizations=[...]", entry)
            seen_split = True
            if split_slot:
                if seen_slot:
                    raise syntax_error(_TWICE, entry, "Keep only pl.cross_core_slot(slot_num=N).")
                slot_from_split = True
        elif _is_optimization_call(entry, "cross_core_slot"):
            assert isinstance(entry, ast.Call)
            _cross_core_slot_entry(entry)
            if seen_slot:
                raise syntax_error("Duplicate 'pl.cross_core_slot(...)' in optimizations=[...]", entry)
            if slot_from_split:
                raise syntax_error(
                    _TWICE,
                    entry,
                    "Drop slot_num= from pl.split(...) and keep pl.cross_core_slot(slot_num=N).",
                )
            seen_slot = True
        else:
            raise syntax_error(f"Unsupported entry in {owner}(optimizations=[...])", entry, _ENTRY_HINT)


def _is_optimization_call(node: ast.expr, name: str) -> bool:
    """`pl.<name>(...)` or `pl.optimizations.<name>(...)`: the literal name `pl` only."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name):
        return False
    owner = node.func.value
    if isinstance(owner, ast.Name):
        return owner.id == "pl"
    return (
        isinstance(owner, ast.Attribute)
        and owner.attr == "optimizations"
        and isinstance(owner.value, ast.Name)
        and owner.value.id == "pl"
    )


def _split_entry(entry: ast.Call) -> bool:
    """`pl.split(MODE)`, keywords read first; whether it sets the (deprecated) slot count."""
    sets_slot = False
    for kw in entry.keywords:
        if kw.arg != "slot_num":
            raise syntax_error(
                f"Unknown keyword argument '{kw.arg}' in pl.split()",
                kw,
                "pl.split() accepts only the deprecated slot_num= keyword.",
            )
        _slot_num_literal(kw.value, "pl.split(slot_num=...)", "Use e.g. pl.cross_core_slot(slot_num=16).")
        sets_slot = True
    if len(entry.args) != 1:
        raise syntax_error(
            f"pl.split() takes exactly 1 positional argument, got {len(entry.args)}",
            entry,
            "Use pl.split(pl.SplitMode.NONE).",
        )
    enum_member(entry.args[0], SPLIT_MODE_NAMES, "SplitMode")
    return sets_slot


def _cross_core_slot_entry(entry: ast.Call) -> None:
    if entry.args:
        raise syntax_error(
            f"pl.cross_core_slot() takes no positional arguments, got {len(entry.args)}", entry, _SLOT_HINT
        )
    found = False
    for kw in entry.keywords:
        if kw.arg != "slot_num":
            raise syntax_error(f"Unknown keyword argument '{kw.arg}' in pl.cross_core_slot()", kw, _SLOT_HINT)
        _slot_num_literal(kw.value, "pl.cross_core_slot(slot_num=...)", _SLOT_HINT)
        found = True
    if not found:
        raise syntax_error("pl.cross_core_slot() requires the slot_num= keyword argument", entry, _SLOT_HINT)


def _slot_num_literal(value: ast.expr, api: str, hint: str) -> None:
    """A positive int literal (a bool is refused: it is an int to Python)."""
    if not (isinstance(value, ast.Constant) and type(value.value) is int):
        raise syntax_error(f"{api} must be an integer literal", value, hint)
    if value.value <= 0:
        raise syntax_error(f"{api} must be positive, got {value.value}", value)
