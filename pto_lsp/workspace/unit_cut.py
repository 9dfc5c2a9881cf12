"""Cut a module into units (top-level statements), and keep the cut in step with edits.

A unit starts on a line that begins a top-level statement: a line at column 0,
outside any string, bracket or backslash continuation, that does not continue
the statement above (`else:`, `elif`, `except`, `finally`, the definition under
a decorator). Its text runs to the next unit's start, without the blank and
comment lines at its end. Blank and comment lines never start a unit.

Whether a line starts a unit depends on the lexical state at its start (inside
a triple-quoted string, the bracket depth, a pending `\\`, whether the last
top-level statement was a decorator) and on the line itself; the state after a
line depends on the same two things. So an edit re-scans from its first line
until the state at a line start is again the one that line had before, and
re-cuts only the units over those lines: the result is the one a scan from the
top gives, by construction. Typing stays local; only opening or closing a
triple-quoted string re-scans (cheaply) to where the string's reach ends.

Errors stay local too: inside an unclosed bracket, a column-0 line that can
only begin a statement (`def`, `class`, a decorator, `import`, ...) starts a
unit again, so the units around a half-typed definition stay intact and keep
their analysis while the author types.

(This replaced a tree-sitter tree: tree-sitter-python's incremental re-parse
after an everyday keystroke such as an opening quote or a closing bracket costs
time in proportion to the rest of the file, ~60 ms at 10,000 lines.)
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from pto_lsp.workspace.line_table import LineTable, content, split_keeping_ends


@dataclass(frozen=True)
class UnitSource:
    """One unit: its text, cut at line starts, and the 1-based line it starts on."""

    text: str
    start_line: int


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


# ---------------------------------------------------------------- the line scan

# The state at a line start: (open triple-quoted or continued string delimiter, bracket
# depth, after a `\\` continuation, last top-level statement a decorator, a unit started).
State = tuple[str, int, bool, bool, bool]
START, CODE, SKIP = 0, 1, 2  # the line starts a unit / belongs to one / is blank or a comment
INITIAL: State = ("", 0, False, False, False)
_MAX_DEPTH = 64
_SPECIAL = re.compile(r"""[#'"()\[\]{}\\]""")
_STRING_END = {delimiter: re.compile(r"\\|" + re.escape(delimiter)) for delimiter in ('"""', "'''", '"', "'")}
_CONTINUES = re.compile(r"(?:else|elif|except|finally)\b")
# What, at column 0 inside an unclosed bracket, can only begin a statement: the scan recovers there.
_RECOVERS = re.compile(
    r"@|(?:def|class|async|import|from|try|while|with|return|raise|pass|global|nonlocal|assert|del)\b"
)
_STATES: dict[State, State] = {}


def scan_line(state: State, line: str) -> tuple[int, State]:
    """The kind of a line (START, CODE, SKIP) and the state after it."""
    quote, depth, joined, decorated, started = state
    text = content(line)
    first = text[:1]
    at_column_0 = first not in ("", " ", "\t", "\f")
    if quote or ((depth or joined) and not (at_column_0 and _RECOVERS.match(text))):
        kind = CODE  # inside a string, a bracket or a continuation (and no recovery here)
    else:
        depth, joined = 0, False
        body = text.lstrip(" \t\f")
        if not body or body[0] == "#":
            kind = SKIP
        elif not started:
            kind = START
        elif not at_column_0 or decorated or _CONTINUES.match(text):
            kind = CODE
        else:
            kind = START
        if at_column_0 and kind != SKIP:
            decorated = first == "@"
    if kind == START:
        started = True
    joined = False
    position = 0
    if quote:
        position = _string_end(text, 0, quote)
        if position < 0:
            return kind, _state(
                quote if position == -2 or len(quote) == 3 else "", depth, False, decorated, started
            )
        quote = ""
    while True:
        match = _SPECIAL.search(text, position)
        if match is None:
            break
        char, at = match.group(), match.start()
        if char == "#":
            break
        if char in "\"'":
            delimiter = char * 3 if text.startswith(char * 3, at) else char
            end = _string_end(text, at + len(delimiter), delimiter)
            if end == -2 or (end == -1 and len(delimiter) == 3):
                quote = delimiter  # the string goes on on the next line
                break
            if end == -1:
                break  # an unterminated one-line string ends with its line
            position = end
            continue
        if char == "\\":
            if at == len(text) - 1:
                joined = True
                break
            position = at + 1
            continue
        depth = min(depth + 1, _MAX_DEPTH) if char in "([{" else max(depth - 1, 0)
        position = at + 1
    return kind, _state(quote, depth, joined, decorated, started)


def _string_end(text: str, start: int, delimiter: str) -> int:
    """Where a string opened before `start` ends (after its delimiter); -1 when the line
    ends inside it, -2 when a backslash carries it over the line break."""
    pattern = _STRING_END[delimiter]
    position = start
    while True:
        match = pattern.search(text, position)
        if match is None:
            return -1
        if match.group() == "\\":
            if match.end() >= len(text):
                return -2
            position = match.end() + 1
            continue
        return match.end()


def _state(quote: str, depth: int, joined: bool, decorated: bool, started: bool) -> State:
    state = (quote, depth, joined, decorated, started)
    return _STATES.setdefault(state, state) if len(_STATES) < 4096 else state


def scan(lines: Sequence[str], state: State = INITIAL) -> tuple[list[int], list[State]]:
    """Kinds of `lines`, and the state at each line start (plus the end state)."""
    kinds: list[int] = []
    states = [state]
    for line in lines:
        kind, state = scan_line(state, line)
        kinds.append(kind)
        states.append(state)
    return kinds, states


def _units(lines: Sequence[str], kinds: Sequence[int], first_row: int) -> list[Unit]:
    """The units of `lines` (whose first line is row `first_row`): each START line up to
    the next one, text without the trailing blank and comment lines."""
    starts = [index for index, kind in enumerate(kinds) if kind == START]
    units = []
    for number, start in enumerate(starts):
        stop = starts[number + 1] if number + 1 < len(starts) else len(kinds)
        last = stop - 1
        while last > start and kinds[last] == SKIP:
            last -= 1
        text = "".join(lines[start : last + 1])
        units.append(
            Unit(content(text) if text.endswith(("\n", "\r")) else text, first_row + start, stop - start)
        )
    return units


# ---------------------------------------------------------------- kept in step


class UnitCut:
    """The units of a document's lines, re-cut around each edit."""

    _MAX_LOG = 256

    def __init__(self, lines: LineTable) -> None:
        self._lines = lines
        all_lines = list(lines)
        self._kinds, self._states = scan(all_lines)
        self._units = _units(all_lines, self._kinds, 0)
        # The splices of `_units` since the last `take_changes()`: (index, removed, added, lines
        # moved after them); None when unknown (the reader must look at every unit).
        self._log: list[tuple[int, int, int, int]] | None = None

    def take_changes(self) -> list[tuple[int, int, int, int]] | None:
        """The splices made to `unit_list()` since the last call (None: take it all anew)."""
        log, self._log = self._log, []
        return log

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
        if self._log is not None:
            self._log.append((index, end_index - index, len(fresh), delta))
            if len(self._log) > self._MAX_LOG:
                self._log = None


def _start_row(unit: Unit) -> int:
    return unit.start_row


def cut_units(text: str) -> list[UnitSource]:
    """The units of a text, scanned from the top."""
    lines = split_keeping_ends(text)
    kinds, _ = scan(lines)
    return [unit.source() for unit in _units(lines, kinds, 0)]
