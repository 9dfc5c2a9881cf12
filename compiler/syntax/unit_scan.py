"""Cut a module into units (top-level statements) by a line scan: the one cutter of the
command line, the language server and `compiler.analyse_source`.

A unit starts on a line that begins a top-level statement: a line at column 0,
outside any string, bracket or backslash continuation, that does not continue
the statement above (`else:`, `elif`, `except`, `finally`, the definition under
a decorator). Its text runs to the next unit's start, without the blank and
comment lines at its end. Blank and comment lines never start a unit, and a
kernel written inside a string literal is text of the string, never a unit.

Whether a line starts a unit depends on the lexical state at its start (inside
a triple-quoted string, the bracket depth, a pending `\\`, whether the last
top-level statement was a decorator) and on the line itself; the state after a
line depends on the same two things (`scan_line`). That is what lets an editor
re-scan only from an edited line until the state at a line start is again the
one it had before (`pto_lsp/workspace/unit_cut.py`).

Errors stay local: inside an unclosed bracket, a column-0 line that can only
begin a statement (`def`, `class`, a decorator, `import`, ...) starts a unit
again, so the units around a half-typed definition stay intact.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from compiler.syntax.source_checks import refusing_line

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
_BREAK = re.compile(r"\r\n|\r|\n")


def split_keeping_ends(text: str) -> list[str]:
    """Lines with their terminators; the last one has none (and is '' after a final break)."""
    lines = text.splitlines(keepends=True) if _only_python_breaks(text) else _LINE.findall(text)
    if not lines or _BREAK.match(lines[-1][-1:]) is not None:
        lines.append("")
    return lines


def split_without_ends(text: str) -> list[str]:
    """Lines without their terminators, as many as `split_keeping_ends` gives."""
    if not _only_python_breaks(text):
        return _BREAK.split(text)
    lines = text.splitlines()
    if not text or text.endswith(("\n", "\r")):
        lines.append("")
    return lines


# Besides \r and \n, `str.splitlines` breaks at these characters, where Python's tokenizer
# does not; it is several times faster than a regex, so it is used when a text holds none.
_OTHER_BREAKS = ("\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def _only_python_breaks(text: str) -> bool:
    return not any(char in text for char in _OTHER_BREAKS)


def content(line: str) -> str:
    """A line without its terminator."""
    if line.endswith("\n"):
        return line[:-2] if line.endswith("\r\n") else line[:-1]
    return line[:-1] if line.endswith("\r") else line


@dataclass(frozen=True)
class UnitSource:
    """One unit: its text, cut at line starts, and the 1-based line it starts on."""

    text: str
    start_line: int


# ---------------------------------------------------------------- the line scan

# The state at a line start: (open triple-quoted or continued string delimiter, bracket
# depth, after a `\\` continuation, last top-level statement a decorator, a unit started).
State = tuple[str, int, bool, bool, bool]
START, CODE, SKIP = 0, 1, 2  # the line starts a unit / belongs to one / is blank or a comment
INITIAL: State = ("", 0, False, False, False)
_MAX_DEPTH = 64
# Where a line's code stops counting brackets: a comment, a string, a backslash.
_STOP = re.compile(r"""[#'"\\]""")
_BRACKET = re.compile(r"[()\[\]{}]")
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
            return SKIP, _state("", 0, False, decorated, started)  # nothing to scan
        if not started:
            kind = START
        elif not at_column_0 or decorated or _CONTINUES.match(text):
            kind = CODE
        else:
            kind = START
        if at_column_0:
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
        # Brackets up to the next string, comment or backslash, which end or skip text.
        match = _STOP.search(text, position)
        depth = _bracket_depth(depth, text, position, len(text) if match is None else match.start())
        if match is None:
            break
        char, at = match.group(), match.start()
        if char == "#":
            break
        if char == "\\":
            if at == len(text) - 1:
                joined = True
                break
            position = at + 1
            continue
        delimiter = char * 3 if text.startswith(char * 3, at) else char
        end = _string_end(text, at + len(delimiter), delimiter)
        if end == -2 or (end == -1 and len(delimiter) == 3):
            quote = delimiter  # the string goes on on the next line
            break
        if end == -1:
            break  # an unterminated one-line string ends with its line
        position = end
    return kind, _state(quote, depth, joined, decorated, started)


def _bracket_depth(depth: int, text: str, start: int, end: int) -> int:
    """The bracket depth after `text[start:end]`, code without strings or comments."""
    for char in _BRACKET.findall(text, start, end):
        if char in "([{":
            depth = depth + 1 if depth < _MAX_DEPTH else _MAX_DEPTH
        elif depth:
            depth -= 1
    return depth


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
    """Kinds of `lines`, and the state at each line start (plus the end state).

    Most lines of a module are indented plain code: no string, comment or backslash,
    outside a string and a continuation. What `scan_line` says of those is known
    without its general path (a blank one is SKIP at bracket depth 0, any other
    CODE; only the bracket depth can change), so they take a short path here, their
    brackets counted through a table of bracket sequences (`_bracket_change`)."""
    kinds: list[int] = []
    states = [state]
    add_kind = kinds.append
    add_state = states.append
    quote, depth, joined, decorated, started = state
    plain_ok = started and not quote and not joined
    for line in lines:
        if (
            plain_ok
            and line[:1] in _INDENTS
            and "#" not in line
            and '"' not in line
            and "'" not in line
            and "\\" not in line
            and line.isascii()
        ):
            brackets = line.encode().translate(None, _NOT_BRACKETS)
            if not brackets:
                add_kind(CODE if depth or line.strip(_BLANKS) else SKIP)
            else:
                add_kind(CODE)
                after = _bracket_change(depth, brackets)
                if after is None:
                    after = _bracket_depth(depth, line, 0, len(line))
                if after != depth:
                    depth = after
                    state = _state("", depth, False, decorated, True)
            add_state(state)
            continue
        kind, state = scan_line(state, line)
        add_kind(kind)
        add_state(state)
        quote, depth, joined, decorated, started = state
        plain_ok = started and not quote and not joined
    return kinds, states


_INDENTS = (" ", "\t", "\f")
_BLANKS = " \t\f\r\n"
_NOT_BRACKETS = bytes(byte for byte in range(128) if byte not in b"()[]{}")
# A line's brackets in order -> (depth change, lowest and highest depth on the way, from
# 0); bounded, as `_STATES` is, against input made of ever new sequences.
_BRACKET_RUNS: dict[bytes, tuple[int, int, int]] = {}
_MAX_KEPT_RUN = 256  # brackets


def _bracket_change(depth: int, brackets: bytes) -> int | None:
    """The depth after `brackets` from `depth`, when no clamp of `_bracket_depth` (at 0,
    at `_MAX_DEPTH`) comes into play on the way; None otherwise."""
    run = _BRACKET_RUNS.get(brackets)
    if run is None:
        change = lowest = highest = 0
        for byte in brackets:
            change += 1 if byte in b"([{" else -1
            lowest = min(lowest, change)
            highest = max(highest, change)
        run = (change, lowest, highest)
        # Short runs only: the key is the run itself, and 4,096 lines of a megabyte of
        # brackets each would otherwise keep gigabytes (everyday lines have a few brackets).
        if len(_BRACKET_RUNS) < 4096 and len(brackets) <= _MAX_KEPT_RUN:
            _BRACKET_RUNS[brackets] = run
    change, lowest, highest = run
    return depth + change if depth + lowest >= 0 and depth + highest <= _MAX_DEPTH else None


def unit_extents(lines: Sequence[str], kinds: Sequence[int], first_row: int) -> list[tuple[str, int, int]]:
    """The units of `lines` (whose first line is row `first_row`, 0-based): each START line
    up to the next one, as (text without the trailing blank and comment lines, start row,
    lines up to the next unit's start)."""
    starts = [index for index, kind in enumerate(kinds) if kind == START]
    units = []
    for number, start in enumerate(starts):
        stop = starts[number + 1] if number + 1 < len(starts) else len(kinds)
        last = stop - 1
        while last > start and kinds[last] == SKIP:
            last -= 1
        text = "".join(lines[start : last + 1])
        units.append(
            (content(text) if text.endswith(("\n", "\r")) else text, first_row + start, stop - start)
        )
    return units


def cut_units(text: str) -> list[UnitSource]:
    """The units of a text, scanned from the top. A text Python refuses before its first
    statement (a NUL byte, a misleading coding declaration: `source_checks`) is one unit,
    the line that stops it, as `pto-lsp check` and an open document cut it."""
    lines = split_keeping_ends(text)
    refused = refusing_line(
        lambda index: lines[index] if index < len(lines) else "", len(lines), "\x00" in text
    )
    if refused is not None:
        return [UnitSource(lines[refused - 1], refused)]
    kinds, _ = scan(lines)
    return [UnitSource(text, row + 1) for text, row, _ in unit_extents(lines, kinds, 0)]
