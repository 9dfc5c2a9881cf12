"""SSA value names and constants in the order the real PTO codegen hands them out.

The real codegen names values as it goes, but not in text order: it first names
every tile of the kernel (in definition order), then emits the tile address
constants, then names each tensor parameter's view (`%a_view`, every tensor
parameter, used or not) and emits its shape and stride constants, and only then
walks the body. A name is the value's own (`%tile_a__ssa_v0`, sanitized) unless it
is taken or empty, when it is the next free number (`%0`, `%1`, ...); an integer
constant is `%c64_index` / `%cn1_i32` / `%c0_i64`, a float constant `%cst`, then
`%cst_<how many constants there are>`; all constants go to the top, in the order
they were asked for.

The emitter writes placeholders while it walks the kernel once, in text order,
saying for each which of those phases it belongs to; `resolve` gives them their
names in the real order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

# The phases, in the order the real codegen goes through them.
TILES, ADDRESSES, VIEWS, BODY = "tiles", "addresses", "views", "body"
_PHASES = (TILES, ADDRESSES, VIEWS, BODY)
_MARK = "\x00"
_PLACEHOLDER = re.compile(f"{_MARK}(\\d+){_MARK}")
_PLACEHOLDER_TEXT = re.compile(f"{_MARK}\\d+{_MARK}")
_UNSAFE = re.compile(r"[^A-Za-z0-9_.$]")


class _Constant(NamedTuple):
    """A constant: one name per value and type."""

    value: int | float
    type: str


def placeholders_in(text: str) -> list[str]:
    """The placeholders `SsaNames` wrote in `text`, in order."""
    return _PLACEHOLDER_TEXT.findall(text)


@dataclass
class SsaNames:
    reserved: set[str] = field(default_factory=set)  # `arg0`, ... and other fixed names
    _requests: list[tuple[str, str | _Constant | None]] = field(default_factory=list)  # (phase, hint)
    _constants: dict[tuple[int | float, str], int] = field(default_factory=dict)  # first request of each
    _events: dict[str, list[int]] = field(default_factory=lambda: {phase: [] for phase in _PHASES})

    def name(self, phase: str, hint: str | None) -> str:
        """A placeholder for a value named after `hint` (None: a number)."""
        return self._request(phase, hint)

    def constant(self, phase: str, value: int | float, type_: str) -> str:
        """A placeholder for the constant `value : type_` (one name per value and type)."""
        key = (value, type_)  # equal to the `_Constant` it stands for, and quicker made
        known = self._constants.get(key)
        if known is None:
            known = self._constants[key] = len(self._requests)
            self._requests.append((phase, _Constant(value, type_)))
        self._events[phase].append(known)
        return f"{_MARK}{known}{_MARK}"

    def _request(self, phase: str, hint: str | None) -> str:
        index = len(self._requests)
        self._requests.append((phase, hint))
        self._events[phase].append(index)
        return f"{_MARK}{index}{_MARK}"

    def resolve(self) -> tuple[dict[int, str], list[str]]:
        """Each placeholder's name, and the constant definitions in order (without indent)."""
        used = set(self.reserved)
        counter = 0
        names: dict[int, str] = {}
        definitions: list[str] = []

        def temp() -> str:
            nonlocal counter
            while str(counter) in used:
                counter += 1
            used.add(str(counter))
            counter += 1
            return f"%{counter - 1}"

        def named(wanted: str) -> str:
            if wanted and wanted not in used:
                used.add(wanted)
                return f"%{wanted}"
            return temp()

        for phase in _PHASES:
            for index in self._events[phase]:
                if index in names:
                    continue
                _, what = self._requests[index]
                if isinstance(what, _Constant):
                    name = named(_constant_id(what, len(definitions)))
                    definitions.append(f"{name} = arith.constant {_literal(what.value)} : {what.type}")
                else:
                    name = named(_sanitized(what)) if what else temp()
                names[index] = name
        return names, definitions


def substitute(text: str, names: dict[int, str]) -> str:
    return _PLACEHOLDER.sub(lambda match: names[int(match.group(1))], text)


def _sanitized(hint: str) -> str:
    name = _UNSAFE.sub("_", hint)
    return "_" + name if name[:1].isdigit() else name


def _constant_id(constant: _Constant, emitted: int) -> str:
    if isinstance(constant.value, float):
        return "cst" if emitted == 0 else f"cst_{emitted}"
    value = constant.value
    number = f"c{value}" if value >= 0 else f"cn{-value}"
    return f"{number}_{constant.type}"


def _literal(value: int | float) -> str:
    return f"{value:.17e}" if isinstance(value, float) else str(value)
