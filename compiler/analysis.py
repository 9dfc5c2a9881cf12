"""The front end's entry points: a module's units -> IR and diagnostics.

`analyse_units` is the one path every caller takes: the CLI and the language
server cut the module into top-level statements by lines (`pto_lsp.workspace.unit_cut`),
`analyse_source` with `ast`. Each
unit's result depends only on the unit and the environment values it reads
(`unit_environment_key`), which is what lets an editor reuse it.

A unit's result also depends on the line it starts on, but only through its
spans (and the lines Python's syntax messages name): when lines are added above a
unit, `PlacedUnit` moves its diagnostics and facts along instead of analysing
it again, and makes its IR at the new place only when someone asks for it.
"""

from __future__ import annotations

import ast
import bisect
import dataclasses
import enum
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, RelatedInfo, Severity, stops_the_front_end
from compiler.base.span import Span, unit_line_offset
from compiler.codegen.bypass_warning import BypassWarning, bypass_diagnostic, bypass_warnings
from compiler.facts import ModuleFacts, module_facts
from compiler.ir import Function, Program
from compiler.lowering.scope_interface import ScopeInterface, callee_directions_among
from compiler.parser.decorators import dsl_decorator_name
from compiler.parser.module_parser import parse_definitions
from compiler.passes.cache_policy_checks import check_function
from compiler.syntax.environment import MODULE_WIDE_KEYS, ModuleEnvironment, build_environment
from compiler.syntax.subtree import shared_subtrees
from compiler.syntax.units import (
    LINE_AT_END,
    ParsedUnit,
    move_line_mentions,
    parse_module,
    too_deep_to_analyse,
)

_IDENTIFIER = re.compile(r"[^\W\d]\w*")
# What codegen reports: never shown for a module the real compiler does not compile.
_CODEGEN_CODES = frozenset({codes.CACHE_BYPASS_UNSUPPORTED})


@dataclass
class UnitAnalysis:
    """One unit analysed with the unit starting on `start_line`."""

    programs: list[Program] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    start_line: int = 1
    # The file line where each top-level statement of the unit starts (decorators included).
    statement_lines: tuple[int, ...] = ()
    _published: list[Diagnostic] | None = field(default=None, repr=False, compare=False)
    # What callers derive from this result (e.g. the language server's converted diagnostics).
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    # The interfaces of this unit's scopes the outliner checks computed (the facts reuse them).
    interfaces: dict[int, ScopeInterface] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def facts(self) -> ModuleFacts:
        """GM reads and declarations of this unit's kernels (computed when first asked)."""
        facts = module_facts(self.programs, self.functions, self.interfaces)
        self.interfaces = {}  # every scope's is in the facts now
        return facts

    @cached_property
    def bypass_warnings(self) -> list[BypassWarning]:
        """The codegen's `[CacheBypassUnsupported]` warnings of this unit's kernels."""
        return unit_bypass_warnings(self)

    def published(self) -> list[Diagnostic]:
        """The front end's diagnostics and the codegen warnings, in source order."""
        found = self._published
        if found is None:
            warnings = [bypass_diagnostic(warning) for warning in self.bypass_warnings]
            found = self._published = sorted([*self.diagnostics, *warnings], key=Diagnostic.sort_key)
        return found

    def moved(self, delta: int) -> UnitAnalysis:
        """This unit's analysis had it started `delta` lines further down: a copy with every
        span moved (what analysing it there gives, faster than analysing it again)."""
        if delta == 0:
            return self
        programs, functions = shift_spans((self.programs, self.functions), delta)
        diagnostics = shift_diagnostics(self.diagnostics, delta)
        assert diagnostics is not None  # the front end's messages name no line
        moved = UnitAnalysis(
            programs,
            functions,
            diagnostics,
            self.start_line + delta,
            tuple(line + delta for line in self.statement_lines),
        )
        if "facts" in self.__dict__:
            moved.__dict__["facts"] = shift_spans(self.facts, delta)
        return moved

    def movable(self) -> bool:
        """Whether `published()` can be moved to another line (`shift_diagnostic`)."""
        found = self.memo.get("movable")
        if found is None:
            found = all(shift_diagnostic(d, 1) is not None for d in self.published())
            remember(self.memo, "movable", found)
        return found


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
            self._current = self.analysis.moved(self.delta)
        return self._current

    @property
    def movable(self) -> bool:
        """Whether the diagnostics of `analysis` can be moved here (else: `current()`'s)."""
        return self.delta == 0 or self.analysis.movable()

    @cached_property
    def diagnostics(self) -> list[Diagnostic]:
        if self.movable:
            shifted = shift_diagnostics(self.analysis.published(), self.delta)
            assert shifted is not None
            return shifted
        return self.current().published()

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


class ModuleAnalysis:
    """A module's analysis: its units where they are, and what they add up to."""

    def __init__(
        self, path: str, environment: ModuleEnvironment | None = None, placed: Sequence[PlacedUnit] = ()
    ) -> None:
        self.path = path
        self.environment = environment if environment is not None else ModuleEnvironment()
        self.placed = list(placed)
        self._whole: ModuleAnalysis | None = None  # set on a `window`: the module's analysis
        # Set by an incremental engine: this analysis's number, the number of the analysis it
        # follows, and what changed since, as (splices of `placed`: (index, removed, added,
        # lines moved after), indices placed anew). None: unknown (compare every unit).
        self.serial = 0
        self.previous = 0
        self.changes: tuple[list[tuple[int, int, int, int]], list[int]] | None = None

    @property
    def is_pypto_module(self) -> bool:
        return self.environment.imports_pypto_language

    @cached_property
    def diagnostics(self) -> list[Diagnostic]:
        """Every unit's diagnostics and codegen warnings, in source order (none of a stage the
        real compiler does not reach on this module)."""
        found = merge_in_order([unit.diagnostics for unit in self.placed], Diagnostic.sort_key)
        unreached = self.unreached_codes
        return [d for d in found if d.code not in unreached] if unreached else found

    @cached_property
    def unreached_codes(self) -> frozenset[str]:
        """The codes of stages the real compiler never reaches on this module (a window: on the
        whole module): an error of Python's or of the parser stops the import, so nothing is
        compiled (no codegen warning)."""
        if self._whole is not None:
            return self._whole.unreached_codes
        stopped = any(stops_the_front_end(d) for unit in self.placed for d in unit.analysis.diagnostics)
        return _CODEGEN_CODES if stopped else frozenset()

    @cached_property
    def bypass_warnings(self) -> list[BypassWarning]:
        """The codegen's `[CacheBypassUnsupported]` warnings, in source order (none when the
        real compiler does not reach codegen)."""
        if codes.CACHE_BYPASS_UNSUPPORTED in self.unreached_codes:
            return []
        return [warning for unit in self.units for warning in unit.bypass_warnings]

    @cached_property
    def units(self) -> list[UnitAnalysis]:
        """Every unit's analysis where it is now (a moved unit's IR is moved when first asked:
        a question about some lines should ask the `window` over them)."""
        return [unit.current() for unit in self.placed]

    def window(self, first: int, last: int) -> ModuleAnalysis:
        """The analysis of the units over lines [first, last] only (1-based): what a request
        about those lines needs, at a cost that does not grow with the file. `whole` is the
        module's analysis."""
        over = self.units_over(first, last)
        view = ModuleAnalysis(self.path, self.environment, self.placed[over.start : over.stop])
        view._whole = self.whole
        return view

    def units_over(self, first: int, last: int) -> range:
        """The indices in `placed` of the units over lines [first, last] (1-based)."""
        begin = max(bisect.bisect_right(self.placed, first, key=_start_line) - 1, 0)
        end = max(bisect.bisect_right(self.placed, last, key=_start_line), begin)
        return range(begin, end)

    @property
    def whole(self) -> ModuleAnalysis:
        """The module's analysis (this one, unless it is a `window`). Not kept as a reference
        to itself: an analysis must be freed as soon as it is dropped, not by the collector."""
        return self._whole if self._whole is not None else self

    @cached_property
    def with_last_good(self) -> ModuleAnalysis:
        """This analysis with each unit that does not parse replaced by its last good analysis
        where one is known (`PlacedUnit.last_good`): what hovers, hints and the outline read
        while the author types. Never for diagnostics."""
        placed = [unit.last_good() or unit for unit in self.placed]
        if all(new is old for new, old in zip(placed, self.placed)):
            return self
        return ModuleAnalysis(self.path, self.environment, placed)

    @cached_property
    def programs(self) -> list[Program]:
        return [program for unit in self.units for program in unit.programs]

    @cached_property
    def functions(self) -> list[Function]:
        return [function for unit in self.units for function in unit.functions]

    @cached_property
    def facts(self) -> ModuleFacts:
        merged = ModuleFacts()
        for unit in self.placed:
            facts = unit.facts
            merged.reads.extend(facts.reads)
            merged.declarations.extend(facts.declarations)
        return merged


def _start_line(unit: PlacedUnit) -> int:
    return unit.start_line


def merge_in_order(parts: Sequence[Sequence[Any]], key: Callable[[Any], Any]) -> list[Any]:
    """The stable sort of the parts' concatenation, each part sorted already: the parts
    are just joined when each one starts after the previous one ends."""
    merged: list[Any] = []
    last = None
    for part in parts:
        if not part:
            continue
        if last is not None and not last < key(part[0]):
            return sorted((item for part in parts for item in part), key=key)
        merged.extend(part)
        last = key(part[-1])
    return merged


# ---------------------------------------------------------------- moving results


def shift_span(span: Span, delta: int) -> Span:
    return Span(span.start_line + delta, span.start_col, span.end_line + delta, span.end_col)


def shift_diagnostic(diagnostic: Diagnostic, delta: int) -> Diagnostic | None:
    """The diagnostic of a unit analysed `delta` lines further down; None if it says
    something about lines this function does not know how to move."""
    if delta == 0:
        return diagnostic
    message = diagnostic.message
    if diagnostic.code == codes.SYNTAX_ERROR and "on line" in message:
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


# ---------------------------------------------------------------- analysing


def module_environment(units: Sequence[ParsedUnit], memo: dict[int, Any] | None = None) -> ModuleEnvironment:
    """The environment the units' statements fold into (`memo`: see `build_environment`)."""
    with shared_subtrees():
        return build_environment([node for unit in units for node in unit.nodes], dsl_decorator_name, memo)


def mentioned_names(unit: ParsedUnit) -> frozenset[str]:
    """Every identifier in the unit's text: a superset of the module names it reads
    (attributes and words in strings count too), found without walking the tree."""
    return frozenset(_IDENTIFIER.findall(unit.text)) | MODULE_WIDE_KEYS


def unit_environment_key(
    unit: ParsedUnit, env: ModuleEnvironment, names: frozenset[str] | None = None
) -> tuple[tuple[str, Any], ...]:
    """The environment values `unit` can read, as a hashable fingerprint."""
    names = mentioned_names(unit) if names is None else names
    return tuple((name, _frozen(env.values[name])) for name in sorted(names & env.values.keys()))


def _frozen(value: Any) -> Any:
    """A hashable stand-in for an environment value (module constants may be lists)."""
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, *(_frozen(item) for item in value))
    return value


def analyse_unit(unit: ParsedUnit, env: ModuleEnvironment) -> UnitAnalysis:
    try:
        return _analyse_unit(unit, env)
    except RecursionError:  # nested deeper than the front end's recursion allows
        start = unit.start_line
        return UnitAnalysis([], [], [too_deep_to_analyse(Span(start, 0, start, 0))], start)


def _analyse_unit(unit: ParsedUnit, env: ModuleEnvironment) -> UnitAnalysis:
    offset = unit.start_line - 1
    with unit_line_offset(offset), shared_subtrees():
        definitions = parse_definitions(list(unit.nodes), env)
    diagnostics = [unit.syntax_error] if unit.syntax_error else []
    diagnostics.extend(definitions.diagnostics)
    interfaces: dict[int, ScopeInterface] = {}
    for program in definitions.programs:
        diagnostics.extend(_outliner_checks(program.functions, interfaces))
    diagnostics.extend(_outliner_checks(definitions.functions, interfaces))
    return UnitAnalysis(
        definitions.programs,
        definitions.functions,
        diagnostics,
        unit.start_line,
        tuple(_statement_line(node) + offset for node in unit.nodes),
        interfaces=interfaces,
    )


def _statement_line(node: ast.stmt) -> int:
    decorators = getattr(node, "decorator_list", ())
    return min([node.lineno, *(decorator.lineno for decorator in decorators)])


def _outliner_checks(
    functions: Sequence[Function], interfaces: dict[int, ScopeInterface]
) -> list[Diagnostic]:
    """The outliners' cache-policy checks; calls resolve among `functions` (one program)."""
    directions = callee_directions_among(functions)
    return [d for function in functions for d in check_function(function, directions, interfaces)]


def unit_bypass_warnings(unit: UnitAnalysis) -> list[BypassWarning]:
    """The `[CacheBypassUnsupported]` warnings of a unit's kernels.

    The real compiler compiles each `@pl.program` (each JIT function) on its own
    and warns once per tensor per kernel of that compilation, so kernels are
    told apart per top-level statement: two programs whose kernels happen to
    share a name each get their warning. A statement with an error (a pass
    rejecting it) never reaches codegen: it gets none.
    """
    reads = unit.facts.reads
    if not reads:
        return []
    starts = unit.statement_lines

    def statement(line: int) -> int:
        return bisect.bisect_right(starts, line) if len(starts) > 1 else 0

    failed = {statement(d.span.start_line) for d in unit.diagnostics if d.severity is Severity.ERROR}
    groups: dict[int, list[Any]] = {}
    for read in reads:
        groups.setdefault(statement(read.span.start_line), []).append(read)
    return [
        warning
        for index, group in sorted(groups.items())
        if index not in failed
        for warning in bypass_warnings(ModuleFacts(group))
    ]


def combine(path: str, env: ModuleEnvironment, results: Sequence[UnitAnalysis]) -> ModuleAnalysis:
    return ModuleAnalysis(path, env, [PlacedUnit(result, result.start_line) for result in results])


def analyse_units(units: Sequence[ParsedUnit], path: str = "<string>") -> ModuleAnalysis:
    env = module_environment(units)
    return combine(path, env, [analyse_unit(unit, env) for unit in units])


def analyse_source(source: str, path: str = "<string>") -> ModuleAnalysis:
    return analyse_units(parse_module(source), path)


def check_source(source: str, path: str = "<string>") -> list[Diagnostic]:
    """Every diagnostic the front end reports for one module, in source order."""
    return analyse_source(source, path).diagnostics
