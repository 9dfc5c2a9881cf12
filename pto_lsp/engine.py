"""The incremental analysis engine: per unit, a fingerprint -> the cached compiler result.

A unit's fingerprint is its text, the line it starts on, and the environment
values it reads. An edit re-runs the front end for the units whose fingerprint
changed and reuses every other result. Invariant: what `analyse` returns is
exactly what a from-scratch analysis of the same text returns.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

from compiler.analysis import (
    ModuleAnalysis,
    UnitAnalysis,
    analyse_unit,
    combine,
    mentioned_names,
    module_environment,
    unit_environment_key,
)
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.units import ParsedUnit, parse_unit
from pto_lsp.syntax_tree import UnitSource, cut_units

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """Least-recently-used map: memory stays bounded however long the session runs."""

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self._capacity:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


class AnalysisEngine:
    def __init__(self, capacity: int = 20_000) -> None:
        self._parsed: BoundedCache[tuple[str, int], tuple[ParsedUnit, frozenset[str]]] = BoundedCache(
            capacity
        )
        self._analysed: BoundedCache[tuple[object, ...], UnitAnalysis] = BoundedCache(capacity)
        self.units_analysed = 0  # how many unit analyses ran (not reused): observable in tests

    def analyse(self, path: str, units: Sequence[UnitSource]) -> ModuleAnalysis:
        parsed = [self._parse(unit) for unit in units]
        env = module_environment([unit for unit, _ in parsed])
        return combine(path, env, [self._analyse_unit(unit, names, env) for unit, names in parsed])

    def analyse_text(self, path: str, text: str) -> ModuleAnalysis:
        return self.analyse(path, cut_units(text))

    def _parse(self, unit: UnitSource) -> tuple[ParsedUnit, frozenset[str]]:
        key = (unit.text, unit.start_line)
        parsed = self._parsed.get(key)
        if parsed is None:
            tree = parse_unit(unit.text, unit.start_line)
            parsed = (tree, mentioned_names(tree))
            self._parsed.put(key, parsed)
        return parsed

    def _analyse_unit(self, unit: ParsedUnit, names: frozenset[str], env: ModuleEnvironment) -> UnitAnalysis:
        key = (unit.text, unit.start_line, unit_environment_key(unit, env, names))
        result = self._analysed.get(key)
        if result is None:
            result = analyse_unit(unit, env)
            self.units_analysed += 1
            self._analysed.put(key, result)
        return result
