"""Where each unit's analysis is in a document now, and moving it there.

The compiler analyses a unit as if it started on some line. An editor's unit
moves when lines are added or removed above it; its result is moved along
(`PlacedUnit`: diagnostics and facts at once, the IR when someone asks)
instead of being analysed again, which is exactly what analysing it there gives.
`DocumentAnalysis` is a document's analysis of placed units: the windows over
some lines that requests ask for, the last good analysis while a unit does not
parse, and the serial numbers and splices that let publishing look only at what
changed since the analysis it published last.
"""

from __future__ import annotations

import bisect
import dataclasses
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from compiler.analysis import ModuleAnalysis, PipelineReport, UnitAnalysis
from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, RelatedInfo, stops_the_front_end
from compiler.base.span import Span
from compiler.facts import ModuleFacts
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.units import LINE_AT_END, mentions_a_line, move_line_mentions

Splice = tuple[int, int, int, int]
"""A change to a list of units: (index, units removed, units added, lines moved after them)."""


class SpliceLog:
    """The splices made to a list of units since someone last took them, or unknown (too
    many, or not followed): the one bookkeeping of the document's unit cut, the engine's
    placed units and publishing."""

    def __init__(self, limit: int | None = None, known: bool = True) -> None:
        self._limit = limit  # past this many splices, reading every unit costs less
        self._splices: list[Splice] | None = [] if known else None

    def record(self, splices: Sequence[Splice]) -> None:
        if self._splices is not None:
            self._splices.extend(splices)
            if self._limit is not None and len(self._splices) > self._limit:
                self._splices = None

    @property
    def known(self) -> bool:
        return self._splices is not None

    def lose_track(self) -> None:
        """What changed is no longer known: the reader must look at every unit."""
        self._splices = None

    def take(self) -> list[Splice] | None:
        """The splices since the last call (None: unknown), and start again from none."""
        splices, self._splices = self._splices, []
        return splices


@dataclass(frozen=True)
class Changes:
    """What changed between a document's analysis and the one it follows."""

    splices: list[Splice]  # made to `DocumentAnalysis.placed`
    placed_anew: list[int]  # indices in `placed` of the units placed again


def memo_of(analysis: UnitAnalysis) -> dict[Any, Any]:
    """What the editor derives from a unit's result (its converted diagnostics, its outline
    JSON), kept on the result itself: it lives as long as the result and is shared by every
    document holding the unit. The compiler knows nothing of it."""
    memo = analysis.__dict__.get("_editor_memo")
    if memo is None:
        memo = analysis.__dict__["_editor_memo"] = {}
    return memo


def remember(memo: dict[Any, Any], key: Any, value: Any, limit: int = 8) -> None:
    """Keep `value` in a memo of at most `limit` entries (the oldest goes): a cached result
    is shared by every document that has the same unit, and must not grow with them."""
    if key not in memo and len(memo) >= limit:
        del memo[next(iter(memo))]
    memo[key] = value


class PlacedUnit:
    """A unit's analysis where the unit is now.

    `analysis` was made with the unit on `analysis.start_line`; the unit now
    starts on `start_line`. Diagnostics and facts are moved by the difference
    (exactly what analysing it there gives), the IR too, when someone asks.
    """

    def __init__(self, analysis: UnitAnalysis, start_line: int, text: str = "") -> None:
        self.analysis = analysis
        self.start_line = start_line
        self.text = text
        self._current: UnitAnalysis | None = analysis if start_line == analysis.start_line else None
        # What callers derive from this placed unit (e.g. the language server's converted
        # diagnostics), kept as long as the unit stays where it is.
        self.memo: dict[Any, Any] = {}

    @property
    def delta(self) -> int:
        return self.start_line - self.analysis.start_line

    def current(self) -> UnitAnalysis:
        """The unit's analysis on the line it starts on now."""
        if self._current is None:
            self._current = moved(self.analysis, self.delta)
        return self._current

    @property
    def movable(self) -> bool:
        """Whether the diagnostics of `analysis` can be moved here (else: `current()`'s)."""
        return self.delta == 0 or movable(self.analysis)

    def published(self, codegen: bool = True) -> list[Diagnostic]:
        """`UnitAnalysis.published` of the unit where it is now."""
        if self.movable:
            shifted = shift_diagnostics(self.analysis.published(codegen), self.delta)
            assert shifted is not None
            return shifted
        return self.current().published(codegen)

    @cached_property
    def facts(self) -> ModuleFacts:
        if self._current is not None:
            return self._current.facts
        return shift_spans(self.analysis.facts, self.delta)

    def last_good(self) -> PlacedUnit | None:
        """While the unit's text does not parse: what an editor may still show of its
        definitions (hovers, hints, the outline), never its diagnostics. None: nothing
        (an editor's engine places units that know better, see `pto_lsp.workspace.last_good`)."""
        return None

    def stops_the_front_end(self) -> bool:
        """Whether an error of this unit stops the module's import (nothing is compiled)."""
        return any(stops_the_front_end(d) for d in self.analysis.diagnostics)

    def stops_while_typing(self) -> bool:
        """Whether it stops the import in a publication made while its errors that would
        are held back (`DocumentAnalysis.while_typing`): no."""
        return False

    def while_typing(self) -> PlacedUnit:
        """This unit as publications made while the author types show it: itself, unless it
        does not parse and its last good analysis says more (`last_good.BrokenUnit`)."""
        return self


class DocumentAnalysis(ModuleAnalysis):
    """A document's analysis: its units where they are now, and what they add up to."""

    def __init__(
        self, path: str, environment: ModuleEnvironment | None = None, placed: Sequence[PlacedUnit] = ()
    ) -> None:
        super().__init__(path, environment)
        self.placed = list(placed)
        self._whole: DocumentAnalysis | None = None  # set on a `window`: the document's analysis
        # Set by the engine: this analysis's number, the number of the analysis it follows,
        # and what changed since. None: unknown (compare every unit).
        self.serial = 0
        self.previous = 0
        self.changes: Changes | None = None

    @cached_property
    def units(self) -> list[UnitAnalysis]:
        """Every unit's analysis where it is now (a moved unit's IR is moved when first asked:
        a question about some lines should ask the `window` over them)."""
        return [unit.current() for unit in self.placed]

    def unit_diagnostics(self, codegen: bool = True) -> list[list[Diagnostic]]:
        return [unit.published(codegen) for unit in self.placed]

    def unit_facts(self) -> list[ModuleFacts]:
        return [unit.facts for unit in self.placed]

    @cached_property
    def unreached_codes(self) -> frozenset[str]:
        """On the whole document (a window's units are not all there is)."""
        if self._whole is not None:
            return self._whole.unreached_codes
        return ModuleAnalysis.unreached_codes.func(self)

    def front_end_stopped(self) -> bool:
        return any(unit.stops_the_front_end() for unit in self.placed)

    def window(self, first: int, last: int) -> DocumentAnalysis:
        """The analysis of the units over lines [first, last] only (1-based): what a request
        about those lines needs, at a cost that does not grow with the file. `whole` is the
        document's analysis."""
        over = self.units_over(first, last)
        view = DocumentAnalysis(self.path, self.environment, self.placed[over.start : over.stop])
        view._whole = self.whole
        return view

    def units_over(self, first: int, last: int) -> range:
        """The indices in `placed` of the units over lines [first, last] (1-based)."""
        begin = max(bisect.bisect_right(self.placed, first, key=_start_line) - 1, 0)
        end = max(bisect.bisect_right(self.placed, last, key=_start_line), begin)
        return range(begin, end)

    @property
    def whole(self) -> DocumentAnalysis:
        """The document's analysis (this one, unless it is a `window`). Not kept as a reference
        to itself: an analysis must be freed as soon as it is dropped, not by the collector."""
        return self._whole if self._whole is not None else self

    @cached_property
    def while_typing(self) -> DocumentAnalysis:
        """This analysis as a publication made while every error that stops the module's
        import is held back (the author is typing it) shows it: each unit that does not
        parse as its last good analysis left it (what stops the import, its codegen
        warnings on its unchanged lines), the errors held back stopping nothing. The units
        are where they are in this one, so it follows the same analyses (`serial`, `changes`)."""
        view = _TypingView(self.path, self.environment, [unit.while_typing() for unit in self.placed])
        view.serial, view.previous, view.changes = self.serial, self.previous, self.changes
        return view

    @cached_property
    def with_last_good(self) -> DocumentAnalysis:
        """This analysis with each unit that does not parse replaced by its last good analysis
        where one is known (`PlacedUnit.last_good`): what hovers, hints and the outline read
        while the author types. Never for diagnostics."""
        placed = [unit.last_good() or unit for unit in self.placed]
        if all(new is old for new, old in zip(placed, self.placed)):
            return self
        return DocumentAnalysis(self.path, self.environment, placed)


class _TypingView(DocumentAnalysis):
    """`DocumentAnalysis.while_typing`."""

    def front_end_stopped(self) -> bool:
        return any(unit.stops_while_typing() for unit in self.placed)


def _start_line(unit: PlacedUnit) -> int:
    return unit.start_line


def moved(analysis: UnitAnalysis, delta: int) -> UnitAnalysis:
    """A unit's analysis had it started `delta` lines further down: a copy with every
    span moved (what analysing it there gives, faster than analysing it again)."""
    if delta == 0:
        return analysis
    programs, functions = shift_spans((analysis.programs, analysis.functions), delta)
    diagnostics = shift_diagnostics(analysis.diagnostics, delta)
    assert diagnostics is not None  # the front end's messages name no line
    result = UnitAnalysis(
        programs,
        functions,
        diagnostics,
        analysis.start_line + delta,
        tuple(line + delta for line in analysis.statement_lines),
        kernel_programs=analysis.kernel_programs,
        program_callees=analysis.program_callees,
    )
    # What was computed already is moved; what was not is computed for the copy if asked.
    if "pipeline" in analysis.__dict__:
        report = analysis.pipeline
        pipeline_diagnostics = shift_diagnostics(report.diagnostics, delta)
        assert pipeline_diagnostics is not None  # the passes' messages name no line
        result.__dict__["pipeline"] = PipelineReport(
            pipeline_diagnostics,
            shift_spans(report.kernel_memory, delta),
            [(shift_span(span, delta), why) for span, why in report.unanalysed],
        )
    if "facts" in analysis.__dict__:
        result.__dict__["facts"] = shift_spans(analysis.facts, delta)
    return result


def movable(analysis: UnitAnalysis) -> bool:
    """Whether `analysis.published()` can be moved to another line (`shift_diagnostic`):
    only a syntax error may name a line, and those are the front end's (no need to compute
    the passes' diagnostics to know)."""
    memo = memo_of(analysis)
    found = memo.get("movable")
    if found is None:
        found = all(shift_diagnostic(d, 1) is not None for d in analysis.diagnostics)
        remember(memo, "movable", found)
    return found


def shift_span(span: Span, delta: int) -> Span:
    return Span(span.start_line + delta, span.start_col, span.end_line + delta, span.end_col)


def shift_diagnostic(diagnostic: Diagnostic, delta: int) -> Diagnostic | None:
    """The diagnostic of a unit analysed `delta` lines further down; None if it says
    something about lines this function does not know how to move."""
    if delta == 0:
        return diagnostic
    message = diagnostic.message
    if diagnostic.code == codes.SYNTAX_ERROR and mentions_a_line(message):
        if not LINE_AT_END.match(message):
            return None  # a line named mid-message: analyse the unit where it is instead
        message = move_line_mentions(message, delta)
    moved = object.__new__(Diagnostic)
    moved.__dict__.update(diagnostic.__dict__)  # a frozen dataclass: copied, then three fields set
    moved.__dict__["span"] = shift_span(diagnostic.span, delta)
    moved.__dict__["message"] = message
    if diagnostic.related:
        moved.__dict__["related"] = tuple(
            RelatedInfo(shift_span(info.span, delta), info.message) for info in diagnostic.related
        )
    return moved


def shift_diagnostics(diagnostics: Sequence[Diagnostic], delta: int) -> list[Diagnostic] | None:
    if delta == 0:
        return list(diagnostics)
    moved = []
    for diagnostic in diagnostics:
        shifted = shift_diagnostic(diagnostic, delta)
        if shifted is None:
            return None
        moved.append(shifted)
    return moved


_ATOMS = (int, float, str, bytes, bool, type(None), enum.Enum)
_FIELDS: dict[type, tuple[str, ...]] = {}


def shift_spans(value: Any, delta: int, memo: dict[int, Any] | None = None) -> Any:
    """A copy of a tree of dataclasses, lists, tuples and dicts with every `Span` moved
    `delta` lines; shared objects stay shared. Anything else is kept as it is."""
    return map_spans(value, lambda span: shift_span(span, delta), memo)


def map_spans(value: Any, move: Callable[[Span], Span], memo: dict[int, Any] | None = None) -> Any:
    """A copy of a tree of dataclasses, lists, tuples and dicts with every `Span` replaced
    by `move(span)`; shared objects stay shared. Anything else is kept as it is."""
    memo = {} if memo is None else memo
    if isinstance(value, Span):
        return move(value)
    if isinstance(value, _ATOMS):
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    if isinstance(value, list):
        copied: list[Any] = []
        memo[id(value)] = copied
        copied.extend([map_spans(item, move, memo) for item in value])
        return copied
    if isinstance(value, tuple):
        moved = tuple(map_spans(item, move, memo) for item in value)
        memo[id(value)] = moved
        return moved
    if isinstance(value, dict):
        copied_dict: dict[Any, Any] = {}
        memo[id(value)] = copied_dict
        for key, item in value.items():
            copied_dict[key] = map_spans(item, move, memo)
        return copied_dict
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else ()
        _FIELDS[cls] = names
    if not names:
        return value
    copy = object.__new__(cls)
    memo[id(value)] = copy
    for name in names:
        object.__setattr__(copy, name, map_spans(getattr(value, name), move, memo))
    return copy
