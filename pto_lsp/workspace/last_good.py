"""While a unit's text does not parse: its last good analysis, moved onto the text as it is now.

A unit (a `@pl.program` class, a `@pl.jit` function, a `build_*_program()`
factory with its program inside) is parsed and analysed whole, so one
half-typed line leaves the front end nothing of it: without this, every inlay
hint, hover and outline entry of the unit would vanish at each keystroke that
breaks the syntax. The engine keeps, for a unit that stops parsing, the last
analysis of a text of it that parsed (`LastGood`); this module moves that
analysis onto the current text for navigation only (never for diagnostics).

A line diff of the two texts says which lines are intact. A GM read or a
declaration is kept only when every line it spans (and the line of the
declaration or `cache=` that gives its policy) is unchanged: its inlay hint and
hover stay exact. Programs, functions and scopes keep their extent for the
outline and the parameter hovers, their ends moved into the changed lines.
A function whose text is unchanged keeps all it had: intact functions are
found by the diff, not by a parser (see docs/diagnostics.md, "While typing").
"""

from __future__ import annotations

import bisect
import dataclasses
import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from compiler.analysis import UnitAnalysis
from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, stops_the_front_end
from compiler.base.span import Span
from compiler.facts import Declaration, GmRead, ModuleFacts
from compiler.syntax.units import ParsedUnit, split_lines
from pto_lsp.workspace.placement import PlacedUnit, map_spans, memo_of, remember

T = TypeVar("T")


@dataclass(frozen=True)
class LastGood:
    """The last analysis of a text of a unit that parsed, and that text."""

    analysis: UnitAnalysis
    text: str


def does_not_parse(unit: ParsedUnit) -> bool:
    """The front end has nothing of this unit (a syntax error, no statements)."""
    return unit.syntax_error is not None and not unit.nodes


def closest(candidates: Iterable[LastGood], text: str) -> LastGood | None:
    """The candidate sharing the most non-blank lines with `text` (None: none shares one):
    the unit the edited text came from."""
    lines = {line.strip() for line in split_lines(text)} - {""}
    best, shared = None, 0
    for candidate in candidates:
        common = len(lines.intersection(line.strip() for line in split_lines(candidate.text)))
        if common > shared:
            best, shared = candidate, common
    return best


class LineMap:
    """File lines of the last good text (where it was analysed) -> file lines of the text now."""

    def __init__(self, old_text: str, old_start: int, new_text: str, new_start: int) -> None:
        old, new = split_lines(old_text), split_lines(new_text)
        # Matching blocks as (old first, new first, size) in 0-based unit lines: the common
        # head and tail directly (an edit is usually one place), the middle by a diff.
        head = 0
        while head < min(len(old), len(new)) and old[head] == new[head]:
            head += 1
        tail = 0
        while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
            tail += 1
        matcher = difflib.SequenceMatcher(
            None, old[head : len(old) - tail], new[head : len(new) - tail], False
        )
        blocks = [(0, 0, head)]
        blocks += [(a + head, b + head, size) for a, b, size in matcher.get_matching_blocks() if size]
        blocks.append((len(old) - tail, len(new) - tail, tail))
        self._blocks = blocks
        self._firsts = [a for a, _, _ in blocks]
        self._old_start, self._new_start = old_start, new_start
        self._new_count = len(new)

    def exact(self, line: int) -> int | None:
        """Where an unchanged line is now (None: the line was changed or removed)."""
        index = line - self._old_start
        at = bisect.bisect_right(self._firsts, index) - 1
        if at < 0:
            return None
        a, b, size = self._blocks[at]
        return b + index - a + self._new_start if index < a + size else None

    def nearest(self, line: int) -> int:
        """Where a line is now, a changed line placed in the lines that replaced it."""
        index = line - self._old_start
        at = max(bisect.bisect_right(self._firsts, index) - 1, 0)
        a, b, size = self._blocks[at]
        if index < a + size:
            moved = b + index - a
        else:  # in the changed stretch after this block: clamped into what replaced it
            following = self._blocks[at + 1][1] if at + 1 < len(self._blocks) else self._new_count
            moved = b + size + min(index - a - size, max(following - b - size - 1, 0))
        return min(max(moved, 0), max(self._new_count - 1, 0)) + self._new_start

    def intact(self, span: Span) -> bool:
        """Every line of the span is unchanged (and they are still together)."""
        first = self.exact(span.start_line)
        return first is not None and all(
            self.exact(line) == first + line - span.start_line
            for line in range(span.start_line + 1, span.end_line + 1)
        )

    def span(self, span: Span) -> Span:
        start, end = self.nearest(span.start_line), self.nearest(span.end_line)
        return Span(start, span.start_col, max(end, start), span.end_col)


def moved_onto(good: LastGood, text: str, start_line: int) -> UnitAnalysis:
    """`good.analysis` for navigation over `text` starting on `start_line` (see the module doc)."""
    lines = LineMap(good.text, good.analysis.start_line, text, start_line)
    facts = good.analysis.facts

    def current(read: GmRead) -> bool:
        return lines.intact(read.span) and (read.reason_span is None or lines.intact(read.reason_span))

    declarations: list[Declaration] = [
        dataclasses.replace(declaration, reads=tuple(r for r in declaration.reads if current(r)))
        for declaration in facts.declarations
        if lines.intact(declaration.span)
    ]
    kept = ModuleFacts([read for read in facts.reads if current(read)], declarations)
    return MovedAnalysis(good.analysis, lines, start_line, map_spans(kept, lines.span))


class MovedAnalysis(UnitAnalysis):
    """A last good analysis moved onto the current text: its facts moved at once (hints
    and hovers ask for them after every keystroke), what a feature derives from the good
    one moved (`derived`, e.g. the outline), its IR (programs and functions, for parameter hovers) copied only when
    first asked: copying the IR of a large program costs 30-100 ms."""

    def __init__(self, good: UnitAnalysis, lines: LineMap, start_line: int, facts: ModuleFacts) -> None:
        super().__init__([], [], [], start_line, tuple(lines.nearest(line) for line in good.statement_lines))
        del self.programs, self.functions  # read through __getattr__ (below) when first asked
        self.__dict__["facts"] = facts  # as kept, not derived again from the IR
        self._good, self._lines = good, lines

    def derived(self, derive: Callable[[UnitAnalysis], T], key: str) -> T:
        """What `derive` makes of the last good analysis (e.g. its outline), its spans moved
        (without copying its IR). Kept on the good analysis under `key`: every keystroke until
        the unit parses again asks."""
        found = memo_of(self._good).get(key)
        if found is None:
            found = derive(self._good)
            remember(memo_of(self._good), key, found)
        return map_spans(found, self._lines.span)

    def __getattr__(self, name: str) -> Any:
        if name not in ("programs", "functions"):
            raise AttributeError(name)
        self.programs, self.functions = map_spans(
            (self._good.programs, self._good.functions), self._lines.span
        )
        return self.__dict__[name]


class BrokenUnit(PlacedUnit):
    """A placed unit whose text does not parse, knowing the last good analysis of the text it
    replaced; its diagnostics are its own (the syntax error), as for any placed unit."""

    def __init__(self, analysis: UnitAnalysis, start_line: int, text: str, good: LastGood) -> None:
        super().__init__(analysis, start_line, text)
        self._good = good
        self._recovered: PlacedUnit | None = None
        self._typing: PlacedUnit | None = None

    def while_typing(self) -> PlacedUnit:
        """Its own diagnostics and the last good analysis's codegen warnings whose lines
        are unchanged, moved onto the text; it stops the import as the last good one did."""
        if self._typing is None:
            lines = LineMap(self._good.text, self._good.analysis.start_line, self.text, self.start_line)
            current = self.current()
            kept = [
                map_spans(warning, lines.span)
                for warning in self._good.analysis.published()
                if warning.code == codes.CACHE_BYPASS_UNSUPPORTED
                and all(lines.intact(span) for span in (warning.span, *(i.span for i in warning.related)))
            ]
            shown = UnitAnalysis([], [], list(current.diagnostics), self.start_line, current.statement_lines)
            shown._published = sorted([*current.diagnostics, *kept], key=Diagnostic.sort_key)
            self._typing = _TypingUnit(shown, self.start_line, self.text, self._good.analysis)
        return self._typing

    def last_good(self) -> PlacedUnit:
        if self._recovered is None:
            moved = moved_onto(self._good, self.text, self.start_line)
            self._recovered = PlacedUnit(moved, self.start_line, self.text)
        return self._recovered


class _TypingUnit(PlacedUnit):
    """A unit that does not parse as a publication made while typing shows it (`while_typing`)."""

    def __init__(self, analysis: UnitAnalysis, start_line: int, text: str, good: UnitAnalysis) -> None:
        super().__init__(analysis, start_line, text)
        self._good = good

    def stops_while_typing(self) -> bool:
        return any(stops_the_front_end(d) for d in self._good.diagnostics)
