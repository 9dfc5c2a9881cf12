"""Whole modules checked in one go, on every CPU: what `pto-lsp check` runs.

Once the module environment is known, a module's units are analysed each on
its own (`analysis`), so the units of the modules checked are cut into one
contiguous chunk per process. Each process parses its chunk and sends what its
statements add to the environment (`environment.contribution`: a def or class by
its header, small); every process folds the same environments from all of
them, analyses its own units and sends back what a report needs of each (its
diagnostics and what it left unanalysed). The first process is this one.

Only the summaries and the reports cross between processes, never a unit's
tree or IR. If anything goes wrong on the way (a worker dies, a tree too deep
to send), the modules are checked again in this process alone: the same
answer, later. Parallel or not, the reports are those of `analysis`'s serial
path, item for item (tests/test_cli_jobs.py).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from compiler.analysis import analyse_unit, merge_in_order, unreached_codes
from compiler.base.diagnostics import Diagnostic, stops_the_front_end
from compiler.base.span import Span
from compiler.coverage import unanalysed_spans
from compiler.parser.decorators import dsl_decorator_name
from compiler.syntax.environment import Contribution, ModuleEnvironment, contribution, fold_environment
from compiler.syntax.subtree import shared_subtrees
from compiler.syntax.unit_scan import cut_units
from compiler.syntax.units import ParsedUnit, parse_unit

# Below this many lines a process of its own costs more than it saves (forking, sending).
LINES_PER_PROCESS = 3_000


@dataclass
class UnitReport:
    """What a check reports of one unit: all a process sends back of it."""

    diagnostics: list[Diagnostic]  # the front end's and the codegen's, in source order
    stops_front_end: bool  # an error that stops the real compiler's import of the module
    unanalysed: list[Span]  # constructs kept opaque (see `compiler.coverage`)


@dataclass
class ModuleReport:
    diagnostics: list[Diagnostic]  # in source order; none of a stage the compiler never reaches
    unanalysed: list[Span]


@dataclass(frozen=True)
class _Item:
    """One unit of one of the modules checked."""

    module: int
    text: str
    start_line: int


def check_modules(sources: Sequence[str], jobs: int = 0) -> list[ModuleReport]:
    """The report of each module, in order. `jobs`: processes at most (0: one per CPU)."""
    items = [
        _Item(module, unit.text, unit.start_line)
        for module, source in enumerate(sources)
        for unit in cut_units(source)
    ]
    chunks = _chunks(items, _processes(jobs, sum(source.count("\n") + 1 for source in sources)))
    reports = _in_processes(chunks) if len(chunks) > 1 else None
    if reports is None:
        reports = _work(items, lambda own: own)
    return _module_reports(len(sources), items, reports)


def unit_report(unit: ParsedUnit, env: ModuleEnvironment) -> UnitReport:
    analysis = analyse_unit(unit, env)
    diagnostics = analysis.published()
    return UnitReport(
        diagnostics,
        any(stops_the_front_end(d) for d in analysis.diagnostics),
        unanalysed_spans(analysis.programs, analysis.functions, diagnostics),
    )


def _module_reports(count: int, items: Sequence[_Item], reports: Sequence[UnitReport]) -> list[ModuleReport]:
    per_module: list[list[UnitReport]] = [[] for _ in range(count)]
    for item, report in zip(items, reports, strict=True):
        per_module[item.module].append(report)
    result = []
    for units in per_module:
        found = merge_in_order([unit.diagnostics for unit in units], Diagnostic.sort_key)
        unreached = unreached_codes(any(unit.stops_front_end for unit in units))
        result.append(
            ModuleReport(
                [d for d in found if d.code not in unreached],
                [span for unit in units for span in unit.unanalysed],
            )
        )
    return result


# A chunk's contributions: per item, its module and what its statements add.
_Contributions = list[tuple[int, list[Contribution]]]


def _work(items: Sequence[_Item], exchange: Callable[[_Contributions], _Contributions]) -> list[UnitReport]:
    """Parse `items`, swap contributions for everybody's (`exchange`), fold each module's
    environment, analyse the items. One pass: each statement's tree is flattened once for
    the contributions and the analysis both."""
    with shared_subtrees():
        units = [parse_unit(item.text, item.start_line) for item in items]
        own = [(item.module, [contribution(node) for node in unit.nodes]) for item, unit in zip(items, units)]
        everybody = exchange(own)
        by_module: dict[int, list[Contribution]] = {}
        for module, found in everybody:
            by_module.setdefault(module, []).extend(found)
        environments = {
            module: fold_environment(by_module.get(module, []), dsl_decorator_name)
            for module in {item.module for item in items}
        }
        return [unit_report(unit, environments[item.module]) for item, unit in zip(items, units)]


def _processes(jobs: int, lines: int) -> int:
    if not _can_fork():
        return 1
    available = jobs if jobs > 0 else _cpu_count()
    return max(1, min(available, lines // LINES_PER_PROCESS))


def _cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _can_fork() -> bool:
    # Fork only where it is the platform's own way (a forked child shares the imported
    # compiler for free); elsewhere one process does it all.
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


def _chunks(items: Sequence[_Item], count: int) -> list[list[_Item]]:
    """`count` contiguous chunks of about the same amount of text (none empty)."""
    total = sum(len(item.text) for item in items)
    chunks: list[list[_Item]] = [[]]
    done = 0
    for item in items:
        if chunks[-1] and done >= total * len(chunks) / count:
            chunks.append([])
        chunks[-1].append(item)
        done += len(item.text)
    return chunks


class _WorkerFailed(Exception):
    """A worker said it failed, died, or could not be told what it needs."""


def _in_processes(chunks: list[list[_Item]]) -> list[UnitReport] | None:
    """Every chunk's reports, the first chunk's made here; None if a worker failed."""
    context = multiprocessing.get_context("fork")
    # A forked child starts with copies of this process's output buffers: empty them first.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    workers: list[tuple[Any, Connection]] = []
    try:
        for chunk in chunks[1:]:
            ours, theirs = context.Pipe()
            process = context.Process(target=_worker, args=(chunk, theirs), daemon=True)
            process.start()
            theirs.close()
            workers.append((process, ours))

        def exchange(own: _Contributions) -> _Contributions:
            everybody = list(own)
            for _, connection in workers:
                everybody.extend(_receive(connection))
            message = pickle.dumps(everybody, pickle.HIGHEST_PROTOCOL)
            for _, connection in workers:
                connection.send_bytes(message)
            return everybody

        reports = _work(chunks[0], exchange)
        for _, connection in workers:
            reports.extend(_receive(connection))
        return reports
    except (_WorkerFailed, RecursionError, pickle.PicklingError, OSError, EOFError):
        return None
    finally:
        for process, connection in workers:
            connection.close()
            process.join(timeout=1)
            if process.is_alive():
                process.kill()
                process.join()


def _receive(connection: Connection) -> Any:
    try:
        status, payload = pickle.loads(connection.recv_bytes())
    except (EOFError, OSError, pickle.UnpicklingError) as error:
        raise _WorkerFailed("a worker died") from error
    if status != "ok":
        raise _WorkerFailed(payload)
    return payload


def _worker(chunk: list[_Item], connection: Connection) -> None:
    """A forked process: send the chunk's contributions, take everybody's, send the reports."""

    def exchange(own: _Contributions) -> _Contributions:
        connection.send_bytes(pickle.dumps(("ok", own), pickle.HIGHEST_PROTOCOL))
        return pickle.loads(connection.recv_bytes())

    try:
        reports = _work(chunk, exchange)
        connection.send_bytes(pickle.dumps(("ok", reports), pickle.HIGHEST_PROTOCOL))
    except BaseException as error:  # told to the parent, which then checks alone
        # If even this fails, the parent sees the pipe close instead.
        with contextlib.suppress(BaseException):
            connection.send_bytes(pickle.dumps(("failed", repr(error)), pickle.HIGHEST_PROTOCOL))
    finally:
        connection.close()
