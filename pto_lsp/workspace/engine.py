"""The incremental analysis engine: per unit, a fingerprint -> the cached compiler result.

A unit's fingerprint is its text and the environment values it reads. An edit
re-runs the front end for the units whose fingerprint changed and reuses every
other result; a unit that only moved (lines added or removed above it) keeps
its result, moved along (`PlacedUnit`). Invariant: what `analyse` returns is
exactly what a from-scratch analysis of the same text returns.

Per document the engine keeps what the last analysis used: each unit text's
parse, environment key and result, and the module environment with the
signature it was folded from. The environment is folded again only when a
unit's contribution to it changed, and then only the units reading a name whose
value changed get a new key. Results of units edited away stay in a small LRU
cache (an undo finds them), so memory follows the open documents, not the
length of the session.
"""

from __future__ import annotations

import itertools
import logging
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, Generic, Protocol, TypeVar

from compiler.analysis import (
    UnitAnalysis,
    analyse_unit,
    file_directory,
    mentioned_names,
    module_environment,
    unit_environment_key,
)
from compiler.syntax.environment import (
    ModuleEnvironment,
    binding_signature,
    changed_names,
    note_definitions_hide_nothing,
)
from compiler.syntax.subtree import shared_subtrees
from compiler.syntax.unit_scan import cut_units
from compiler.syntax.units import parse_unit
from pto_lsp.workspace.failures import ENVIRONMENT_FAILED, UNIT_FAILED, failure_note
from pto_lsp.workspace.last_good import BrokenUnit, LastGood, closest, does_not_parse
from pto_lsp.workspace.placement import Changes, DocumentAnalysis, PlacedUnit, Splice, SpliceLog
from pto_lsp.workspace.unfilled import unfilled
from pto_lsp.workspace.uris import path_of_uri

log = logging.getLogger(__name__)

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
_SERIALS = itertools.count(1)  # numbers the results, for `DocumentAnalysis.previous`


class UnitLike(Protocol):
    @property
    def text(self) -> str: ...

    @property
    def start_line(self) -> int: ...


class BoundedCache(Generic[K, V]):
    """Least-recently-used map: memory stays bounded however long the session runs.

    At most `capacity` entries, and, when `weight` is given, entries weighing at most
    `budget` together (a unit of a megabyte-long line must not be kept 64 times).
    """

    def __init__(self, capacity: int, weight: Callable[[K], int] | None = None, budget: int = 0) -> None:
        self._capacity = capacity
        self._weight = weight
        self._budget = budget
        self._total = 0
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        if key not in self._items and self._weight is not None:
            self._total += self._weight(key)
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self._capacity or (self._weight is not None and self._total > self._budget):
            if len(self._items) <= 1:
                break
            old, _ = self._items.popitem(last=False)
            if self._weight is not None:
                self._total -= self._weight(old)

    def __len__(self) -> int:
        return len(self._items)


class _Parsed:
    """One unit text, parsed as if it started on line 1 (the parse does not depend on where)."""

    __slots__ = ("_bindings", "names", "unit")

    def __init__(self, text: str) -> None:
        self.unit = parse_unit(text, 1)
        self.names = mentioned_names(self.unit)
        note_definitions_hide_nothing(self.unit.nodes, self.unit.text, self.names)
        self._bindings: tuple[Any, ...] | None = None

    @property
    def bindings(self) -> tuple[Any, ...]:
        """What the unit contributes to the environment fold (computed when first asked:
        only an update compares it with what was there before)."""
        if self._bindings is None:
            try:
                self._bindings = binding_signature(list(self.unit.nodes))
            except RecursionError:
                # A statement nested deeper than `ast.unparse` follows: its text stands for
                # it (the same text folds the same; any other text is taken as a change).
                self._bindings = (("unsigned", self.unit.text),)
        return self._bindings


class _Slot:
    """A unit text of one document: its parse, environment key and result, and the
    result placed where the unit was last seen. A text that does not parse also keeps
    the last good analysis of the text it replaced (for navigation while it is typed)."""

    __slots__ = ("analysis", "env", "env_key", "last_good", "parsed", "placed")

    def __init__(self, parsed: _Parsed) -> None:
        self.parsed = parsed
        self.env: ModuleEnvironment | None = None
        self.env_key: tuple[tuple[str, Any], ...] | None = None
        self.analysis: UnitAnalysis | None = None
        self.placed: PlacedUnit | None = None
        self.last_good: LastGood | None = None

    def good(self) -> LastGood | None:
        """What this text leaves to a text that replaces it and does not parse."""
        if self.analysis is not None and not does_not_parse(self.parsed.unit):
            return LastGood(self.analysis, self.parsed.unit.text)
        return self.last_good

    def place(self, start_line: int) -> PlacedUnit:
        placed = self.placed
        if placed is None or placed.start_line != start_line or placed.analysis is not self.analysis:
            assert self.analysis is not None
            text = self.parsed.unit.text
            if self.last_good is not None:
                placed = BrokenUnit(self.analysis, start_line, text, self.last_good)
            else:
                placed = PlacedUnit(self.analysis, start_line, text)
            self.placed = placed
        return placed


class _DocumentState:
    """What the last analysis of one document used, aligned with its units."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.slots: dict[str, _Slot] = {}  # the texts of `sequence`
        self.uses: dict[str, int] = {}  # how many units have each text
        self.sequence: list[_Slot | None] = []  # one per unit
        self.placed: list[PlacedUnit | None] = []  # one per unit; None: to place again
        self.units: object = None  # the unit list these follow (None: not followed)
        # The units the environment was folded from (their contributions, `_Parsed.bindings`,
        # are found only when a later update compares them: see `_contributions_differ`).
        self.bindings: list[_Parsed] | None = None
        self.env: ModuleEnvironment | None = None
        self.env_failed = False  # the fold raised: `env` is empty, no unit is analysed
        self.fold_memo: dict[int, Any] = {}  # kept between folds (see `build_environment`)
        self.generation = 0  # one more for each update begun
        self.last = 0  # the serial number of the last result
        self.splices = SpliceLog()  # of `placed` since `last`


class AnalysisEngine:
    def __init__(self, capacity: int = 64, budget: int = 4_000_000) -> None:
        # Units edited away (the live ones are held by their documents): at most `capacity`
        # of them, of at most `budget` characters of text together.
        self._parsed: BoundedCache[str, _Parsed] = BoundedCache(capacity, len, budget)
        self._analysed: BoundedCache[tuple[str, tuple[tuple[str, Any], ...]], UnitAnalysis] = BoundedCache(
            capacity, lambda key: len(key[0]), budget
        )
        self._documents: dict[str, _DocumentState] = {}
        self.units_analysed = 0  # how many unit analyses ran (not reused): observable in tests

    def analyse(
        self, path: str, units: Sequence[UnitLike], changes: Sequence[Splice] | None = None
    ) -> DocumentAnalysis:
        """The analysis of `path` cut into `units`, reusing what its last analysis left.

        `changes`, the splices made to the same `units` list since the last call (as
        `Document.take_unit_changes()` gives them), lets the update look at the changed
        units only; without them every unit is looked up (by its text) again.
        """
        result = _run(self.analyse_steps(path, units, changes))
        assert result is not None
        return result

    def analyse_steps(
        self, path: str, units: Sequence[UnitLike], changes: Sequence[Splice] | None = None
    ) -> Iterator[DocumentAnalysis | None]:
        """`analyse`, one unit analysis at a time (from the first step on): yields None after
        each one that ran, then the result. A caller may stop early (a newer version arrived): what ran is kept.
        It ends without a result if another update of the same document began meanwhile."""
        state = self._documents.get(path)
        if state is None:
            state = self._documents[path] = _DocumentState(path)
        return self._steps(state, units, changes)

    def _steps(
        self, state: _DocumentState, units: Sequence[UnitLike], changes: Sequence[Splice] | None
    ) -> Iterator[DocumentAnalysis | None]:
        # Each statement's tree is flattened once for the environment fold and its unit's
        # analysis both (a quarter less time to open a large file), until the result is
        # given or the caller drops the steps. The shared lists hold their trees: no id is
        # reused meanwhile. `units` is read at the first step (callers take it at once).
        with shared_subtrees():
            self._align(state, units, changes)
            yield from self._place(state, units)

    def analyse_text(self, path: str, text: str) -> DocumentAnalysis:
        """A from-scratch analysis (nothing of `path` is reused or kept, beyond the caches)."""
        state = _DocumentState(path)
        units = cut_units(text)
        # One pass over the whole module: each statement's tree is flattened once for the
        # module environment and the unit's analysis both (not kept once the analysis is done).
        with shared_subtrees():
            self._align(state, units, None, compare=False)
            result = _run(self._place(state, units))
        assert result is not None
        return result

    def forget(self, path: str) -> None:
        self._documents.pop(path, None)

    # ------------------------------------------------------------ internals

    def _align(
        self,
        state: _DocumentState,
        units: Sequence[UnitLike],
        changes: Sequence[Splice] | None,
        compare: bool = True,
    ) -> None:
        """Bring the state's per-unit lists in line with `units` (at once: they may change later).
        `compare`: keep what a later update compares with (not for a one-off analysis)."""
        state.generation += 1
        released: list[str] = []
        removed_bindings: list[Any] = []
        replaced: list[_Slot] = []  # what a new text that does not parse may have come from
        full = changes is None or state.units is not units
        if full or len(state.sequence) != len(units) - sum(
            added - removed for _, removed, added, _ in changes
        ):
            full = True
            state.splices.lose_track()
            replaced = [slot for slot in state.sequence if slot is not None]
            released = [slot.parsed.unit.text for slot in replaced]
            state.sequence = [None] * len(units)
            state.placed = [None] * len(units)
            state.uses = {}
        else:
            state.splices.record(changes)
            for index, removed, added, delta in changes:
                gone = [slot for slot in state.sequence[index : index + removed] if slot is not None]
                replaced.extend(gone)
                released.extend(slot.parsed.unit.text for slot in gone)
                removed_bindings.extend(slot.parsed.bindings for slot in gone)
                state.sequence[index : index + removed] = [None] * added
                state.placed[index : index + removed] = [None] * added
                if delta:  # the units after it moved: placed again
                    after = index + added
                    state.placed[after:] = [None] * (len(state.placed) - after)
        state.units = units if changes is not None else None
        for text in released:
            if text in state.uses:
                state.uses[text] -= 1
        # Fill the new positions.
        sequence, slots, uses = state.sequence, state.slots, state.uses
        broken: list[_Slot] = []
        for index in unfilled(sequence):
            text = units[index].text
            slot = slots.get(text)
            if slot is None:
                slot = slots[text] = _Slot(self._parse(text))
            sequence[index] = slot
            uses[text] = uses.get(text, 0) + 1
            if does_not_parse(slot.parsed.unit):
                broken.append(slot)
        if broken and replaced:
            # A new text that does not parse takes the last good analysis of the text it
            # replaced (one gone from the document, sharing the most lines with it).
            gone = [
                good for slot in replaced if uses.get(slot.parsed.unit.text, 0) <= 0 and (good := slot.good())
            ]
            for slot in broken:
                found = closest(gone, slot.parsed.unit.text)
                if found is not None:
                    slot.last_good, slot.placed = found, None
        for text in released:
            if uses.get(text, 0) <= 0:
                uses.pop(text, None)
                slots.pop(text, None)
        # The environment: folded again only when a unit's contribution to it changed.
        if changes is not None and len(changes) == 1 and state.bindings is not None and not full:
            # One splice (a keystroke): compare what it removed with what it added, in place.
            index, _, added, _ = changes[0]
            before = [b for b in removed_bindings if b]
            after = [
                slot.parsed.bindings
                for slot in sequence[index : index + added]
                if slot and slot.parsed.bindings
            ]
            unchanged = before == after
        else:
            unchanged = False
        bindings = state.bindings
        if not unchanged and compare:
            bindings = [slot.parsed for slot in sequence if slot is not None]
        # After a fold that raised, every update folds again: what fixes it is not known.
        if (
            state.env is None
            or state.env_failed
            or (
                not unchanged
                and bindings is not state.bindings
                and _contributions_differ(bindings, state.bindings)
            )
        ):
            try:
                env = module_environment(
                    [slot.parsed.unit for slot in sequence if slot is not None],
                    state.fold_memo,
                    file_directory(path_of_uri(state.path)),
                )
                failed = False
            except Exception:  # a fault of ours: the file is said not analysed, the server goes on
                # Logged in full once, not at every keystroke while it lasts.
                log.log(
                    logging.DEBUG if state.env_failed else logging.ERROR,
                    "reading the module-level names of %s failed",
                    state.path,
                    exc_info=True,
                )
                env, failed = ModuleEnvironment(), True
                state.fold_memo.clear()
            after_failure = state.env_failed or failed
            changed = None if state.env is None or after_failure else changed_names(state.env, env)
            state.env, state.bindings, state.env_failed = env, bindings, failed
            affected = {id(slot) for slot in slots.values() if changed is None or slot.parsed.names & changed}
            for slot in slots.values():
                if id(slot) in affected:
                    slot.env_key = None
            placed = state.placed
            for position, slot in enumerate(sequence):
                if id(slot) in affected:
                    placed[position] = None

    def _place(self, state: _DocumentState, units: Sequence[UnitLike]) -> Iterator[DocumentAnalysis | None]:
        """Analyse what needs it and place every unit where it starts now."""
        generation = state.generation
        env = state.env
        assert env is not None
        failed_env = state.env_failed
        # Read now what this update needs of `units`: the list may change while we yield.
        todo = [(index, state.sequence[index], units[index].start_line) for index in unfilled(state.placed)]
        finished = False
        try:
            for index, slot, start_line in todo:
                assert slot is not None
                if failed_env:
                    # Nothing can be analysed without the module's names: the first unit says so.
                    slot.env, slot.env_key = env, None
                    slot.analysis = (
                        _not_analysed(start_line, ENVIRONMENT_FAILED) if index == 0 else _nothing(start_line)
                    )
                    state.placed[index] = slot.place(start_line)
                    continue
                if slot.env_key is None:
                    slot.env, slot.env_key = (
                        env,
                        unit_environment_key(slot.parsed.unit, env, slot.parsed.names),
                    )
                    slot.analysis = None
                if slot.analysis is None:
                    analysis = self._analysed.get((slot.parsed.unit.text, slot.env_key))
                    if analysis is None:
                        slot.analysis = self._analyse(slot, start_line)
                        yield None
                        if state.generation != generation:
                            return  # another update of this document began: it carries on
                    else:
                        slot.analysis = analysis
                if slot.analysis is None:  # reset by an update that ran while we yielded
                    return
                state.placed[index] = slot.place(start_line)
            finished = True
        finally:
            if not finished:  # stopped early: what changed since the last result is not known
                state.splices.lose_track()
        result = DocumentAnalysis(state.path, env, state.placed)  # type: ignore[arg-type]
        result.serial = next(_SERIALS)
        splices = state.splices.take()
        if splices is not None:
            result.previous, result.changes = state.last, Changes(splices, [index for index, _, _ in todo])
        state.last = result.serial
        yield result

    def _parse(self, text: str) -> _Parsed:
        parsed = self._parsed.get(text)
        if parsed is None:
            parsed = _Parsed(text)
            self._parsed.put(text, parsed)
        return parsed

    def _analyse(self, slot: _Slot, start_line: int) -> UnitAnalysis:
        assert slot.env is not None and slot.env_key is not None
        try:
            analysis = analyse_unit(slot.parsed.unit.at(start_line), slot.env)
        except Exception:  # a fault of ours: this unit is said not analysed, the others are
            log.exception("analysing the unit on line %d failed", start_line)
            analysis = _not_analysed(start_line, UNIT_FAILED)
        self.units_analysed += 1
        self._analysed.put((slot.parsed.unit.text, slot.env_key), analysis)
        return analysis


def _contributions_differ(now: list[_Parsed] | None, before: list[_Parsed] | None) -> bool:
    """Whether the units `now` contribute other than `before` to the environment fold (the
    units that contribute something, in order). The units both share at either end are the
    same parses, so contribute the same: only those between are asked (a cold open asks none)."""
    if now is None or before is None:
        return now is not before
    start, end_now, end_before = 0, len(now), len(before)
    while start < end_now and start < end_before and now[start] is before[start]:
        start += 1
    while end_now > start and end_before > start and now[end_now - 1] is before[end_before - 1]:
        end_now -= 1
        end_before -= 1
    return [p.bindings for p in now[start:end_now] if p.bindings] != [
        p.bindings for p in before[start:end_before] if p.bindings
    ]


def _not_analysed(start_line: int, message: str) -> UnitAnalysis:
    """A unit's analysis that says it was not made: a note on its first line."""
    return UnitAnalysis([], [], [failure_note(start_line, message)], start_line, may_hold_opaque=False)


def _nothing(start_line: int) -> UnitAnalysis:
    return UnitAnalysis([], [], [], start_line, may_hold_opaque=False)


def _run(steps: Iterator[DocumentAnalysis | None]) -> DocumentAnalysis | None:
    for step in steps:
        if step is not None:
            return step
    return None
