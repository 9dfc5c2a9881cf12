"""A document's units (top-level statements), kept in step with edits.

The cut is `compiler.syntax.unit_scan`'s: a line starts a unit or not depending
on the lexical state at its start and on the line itself. This keeps the state
at every line start, so an edit re-scans from its first line until the state at
a line start is again the one that line had before, and re-cuts only the units
over those lines: the result is the one a scan from the top gives, by
construction. Typing stays local; only opening or closing a triple-quoted
string re-scans (cheaply) to where the string's reach ends.

(This replaced a tree-sitter tree: tree-sitter-python's incremental re-parse
after an everyday keystroke such as an opening quote or a closing bracket costs
time in proportion to the rest of the file, ~60 ms at 10,000 lines.)
"""

from __future__ import annotations

import bisect

from compiler.syntax.unit_scan import State, UnitSource, scan, scan_line, unit_extents
from pto_lsp.workspace.line_table import LineTable
from pto_lsp.workspace.placement import Splice, SpliceLog


class Unit:
    """A unit of an edited document. Its text never changes (an edit in it makes a new
    Unit); its position moves when lines are added or removed above it."""

    __slots__ = ("line_count", "start_row", "text")

    def __init__(self, text: str, start_row: int, line_count: int) -> None:
        self.text = text
        self.start_row = start_row  # 0-based
        self.line_count = line_count  # lines from its start to the next unit's start

    @property
    def start_line(self) -> int:
        return self.start_row + 1

    def source(self) -> UnitSource:
        return UnitSource(self.text, self.start_row + 1)


# ---------------------------------------------------------------- kept in step


class UnitCut:
    """The units of a document's lines, re-cut around each edit."""

    _MAX_LOG = 256

    def __init__(self, lines: LineTable) -> None:
        self._lines = lines
        all_lines = list(lines)
        self._kinds, self._states = scan(all_lines)
        self._units = _units(all_lines, self._kinds, 0)
        # The splices of `_units` since the last `take_changes()` (unknown until then).
        # moved after them); None when unknown (the reader must look at every unit).
        self._log = SpliceLog(self._MAX_LOG, known=False)

    def take_changes(self) -> list[Splice] | None:
        """The splices made to `unit_list()` since the last call (None: take it all anew)."""
        return self._log.take()

    def units(self) -> list[UnitSource]:
        return [unit.source() for unit in self._units]

    def unit_at(self, line: int) -> UnitSource | None:
        """The unit holding a 1-based line (None above the first unit)."""
        index = bisect.bisect_right(self._units, line - 1, key=_start_row) - 1
        return self._units[index].source() if index >= 0 else None

    def unit_list(self) -> list[Unit]:
        """The units themselves (read only): unchanged units keep their identity across edits."""
        return self._units

    def replaced(self, first: int, removed: int, added: int) -> None:
        """Lines [first, first + removed) were replaced by `added` lines (already in the table)."""
        kinds, states = self._kinds, self._states
        delta = added - removed
        total = len(self._lines)
        # Scan from `first` until a line (past the new ones) starts in the state it had before.
        state = states[first]
        new_kinds: list[int] = []
        new_states: list[State] = []
        row = first
        lines = self._lines.iter_from(first)
        while True:
            if row >= first + added and state == states[row - delta]:
                break  # converged: from here on every line scans as before
            if row >= total:
                break
            kind, state = scan_line(state, next(lines))
            new_kinds.append(kind)
            new_states.append(state)
            row += 1
        kinds[first : row - delta] = new_kinds
        states[first + 1 : row - delta + 1] = new_states
        self._recut(first, row, delta)

    def _recut(self, first: int, stop: int, delta: int) -> None:
        """Cut again the units over rows [first, stop) (new numbering), whose kinds changed."""
        units, kinds = self._units, self._kinds
        # From the last unit starting before `first` (its trailing lines may have changed)...
        index = bisect.bisect_left(units, first, key=_start_row) - 1
        if index < 0:
            index, begin = 0, 0
        else:
            begin = units[index].start_row
        # ...to the first unit starting at or after `stop`: its start line did not change.
        end_index = bisect.bisect_left(units, stop - delta, lo=index, key=_start_row)
        end = units[end_index].start_row + delta if end_index < len(units) else len(kinds)
        fresh = _units(self._lines.lines(begin, end), kinds[begin:end], begin)
        old = units[index:end_index]
        for position, unit in enumerate(fresh):
            if position < len(old):
                # The same unit as before keeps its identity (and what was derived from it).
                previous = old[position]
                if previous.start_row == unit.start_row and previous.text == unit.text:
                    previous.line_count = unit.line_count
                    fresh[position] = previous
        units[index:end_index] = fresh
        if delta:
            for unit in units[index + len(fresh) :]:
                unit.start_row += delta
        self._log.record([(index, end_index - index, len(fresh), delta)])


def _start_row(unit: Unit) -> int:
    return unit.start_row


def _units(lines: list[str], kinds: list[int], first_row: int) -> list[Unit]:
    return [Unit(text, row, count) for text, row, count in unit_extents(lines, kinds, first_row)]
