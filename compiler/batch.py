"""Whole modules checked in one go, on every CPU: what `pto-lsp check` runs.

Once the module environment is known, a module's units are analysed each on
its own (`analysis`), so the modules' lines are shared out in contiguous pieces,
one share per forked worker. Each worker cuts its pieces into units, parses them
and sends what their statements add to the environment (`environment.contribution`:
a def or class by its header, small); this process relays them all, every worker
folds the same environments, analyses its own units and sends back what a report
needs of each (its diagnostics and what it left unanalysed), then ends without
freeing its trees. This process takes no share: it would have to free its own.

The cut is shared out too (it is a line scan, `unit_scan`, which would otherwise
run alone before anything else): a module is split only before a column-0
`def`, `class` or decorator after a blank line, where the scan is assumed to
be at a statement's start, and that is checked: each piece's scan ends in the
state the next one assumed, or nothing of the split is used.

Only the summaries and the reports cross between processes, never a unit's
tree or IR. If anything goes wrong on the way (a worker dies, a tree too deep
to send, a split inside a string), the modules are checked again in this
process alone: the same answer, later. Parallel or not, the reports are those
of the serial path, item for item (tests/test_cli_jobs.py).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from compiler.analysis import analyse_unit, merge_in_order, unreached_codes
from compiler.base.diagnostics import Diagnostic, stops_the_front_end
from compiler.base.span import Span
from compiler.coverage import out_of_static_reach, unanalysed_spans
from compiler.parser.decorators import dsl_decorator_name
from compiler.syntax.environment import Contribution, ModuleEnvironment, contribution, fold_environment
from compiler.syntax.source_checks import refusing_line
from compiler.syntax.subtree import shared_subtrees
from compiler.syntax.unit_scan import INITIAL, State, scan, split_keeping_ends, unit_extents
from compiler.syntax.units import ParsedUnit, parse_unit

# Below this many lines a process of its own costs more than it saves (forking, sending).
LINES_PER_PROCESS = 3_000
# The scan's state at the start of a top-level statement that follows another one.
_BETWEEN_STATEMENTS: State = ("", 0, False, False, True)
# A line a module may be split before (after a blank line): it starts a definition.
_SPLIT_BEFORE = re.compile(r"(?:@|def |class |async def )")
_SPLIT_SEARCH = 5_000  # lines looked at past a share's end for such a line


@dataclass
class UnitReport:
    """What a check reports of one unit: all a process sends back of it."""

    diagnostics: list[Diagnostic]  # the front end's and the codegen's, in source order
    stops_front_end: bool  # an error that stops the real compiler's import of the module
    unanalysed: list[Span]  # constructs kept opaque (see `compiler.coverage`)
    # Programs a pass stopped on for a value out of static reach (`out_of_static_reach`).
    out_of_reach: list[Span] = field(default_factory=list)


@dataclass
class ModuleReport:
    diagnostics: list[Diagnostic]  # in source order; none of a stage the compiler never reaches
    unanalysed: list[Span]
    out_of_reach: list[Span] = field(default_factory=list)


@dataclass(frozen=True)
class _Piece:
    """Lines [first, stop) of one module, cut by the process that checks them, the scan
    starting in `state` (INITIAL at the module's top, else `_BETWEEN_STATEMENTS`)."""

    module: int
    first: int
    stop: int
    state: State


def check_modules(
    sources: Sequence[str], jobs: int = 0, directories: Sequence[str | None] | None = None
) -> list[ModuleReport]:
    """The report of each module, in order. `jobs`: processes at most (0: one per CPU);
    `directories`: each module's own directory, where the helpers it imports are read
    (`imported_helpers`; None: none is read)."""
    places = list(directories) if directories is not None else [None] * len(sources)
    lines = [split_keeping_ends(source) for source in sources]
    # A module Python refuses before its first statement (`source_checks`): its one line
    # is its one unit, checked here; it is no lines at all to the rest of the check.
    refused: list[tuple[int, ParsedUnit]] = []
    for module, (source, found) in enumerate(zip(sources, lines, strict=True)):
        line = refusing_line(
            lambda index, found=found: found[index] if index < len(found) else "",
            len(found),
            "\x00" in source,
        )
        if line is not None:
            refused.append((module, parse_unit(found[line - 1], line)))
            lines[module] = []
    shares = _shares(lines, _processes(jobs, sum(len(module) for module in lines)))
    reports = _in_processes(lines, shares, places) if len(shares) > 1 else None
    if reports is None:
        whole = [_Piece(module, 0, len(found), INITIAL) for module, found in enumerate(lines)]
        reports = _work(lines, whole, lambda own, ends: own, places)
    if refused:
        empty = fold_environment([], dsl_decorator_name)
        reports = [*reports, *((module, unit_report(unit, empty)) for module, unit in refused)]
    return _module_reports(len(sources), reports)


def unit_report(unit: ParsedUnit, env: ModuleEnvironment, codegen: bool = True) -> UnitReport:
    """`codegen`: whether the unit's module may still reach codegen (its warnings are
    worth computing)."""
    analysis = analyse_unit(unit, env)
    diagnostics = analysis.published(codegen)
    opaque = (
        unanalysed_spans(analysis.programs, analysis.functions, diagnostics)
        if analysis.may_hold_opaque
        else []
    )
    # A program a pass refused to take through: the checks after that pass were not run on it.
    stopped = analysis.pipeline.unanalysed if codegen else []
    reach = [span for span, why in stopped if out_of_static_reach(analysis.programs, span, why)]
    refused = [span for span, _ in stopped if span not in reach]
    return UnitReport(
        diagnostics,
        any(stops_the_front_end(d) for d in analysis.diagnostics),
        sorted({*opaque, *refused}) if refused else opaque,
        reach,
    )


def _module_reports(count: int, reports: Sequence[tuple[int, UnitReport]]) -> list[ModuleReport]:
    per_module: list[list[UnitReport]] = [[] for _ in range(count)]
    for module, report in reports:
        per_module[module].append(report)
    result = []
    for units in per_module:
        found = merge_in_order([unit.diagnostics for unit in units], Diagnostic.sort_key)
        unreached = unreached_codes(any(unit.stops_front_end for unit in units))
        result.append(
            ModuleReport(
                [d for d in found if d.code not in unreached],
                [span for unit in units for span in unit.unanalysed],
                [span for unit in units for span in unit.out_of_reach],
            )
        )
    return result


# Per unit, its module and what its statements add to the module's environment.
_Contributions = list[tuple[int, list[Contribution]]]
# Given a share's contributions and its pieces' end states: everybody's contributions.
_Exchange = Callable[[_Contributions, list[State]], _Contributions]


def _work(
    lines: Sequence[list[str]],
    pieces: Sequence[_Piece],
    exchange: _Exchange,
    directories: Sequence[str | None],
    kept: list[Any] | None = None,
) -> list[tuple[int, UnitReport]]:
    """Cut and parse `pieces`, swap contributions for everybody's (`exchange`), fold each
    module's environment, analyse the units. One pass: each statement's tree is flattened
    once for the contributions and the analysis both. The parsed units go to `kept`, if
    given, rather than being freed on return."""
    with shared_subtrees():
        units: list[tuple[int, ParsedUnit]] = []
        ends: list[State] = []
        for piece in pieces:
            part = lines[piece.module][piece.first : piece.stop]
            kinds, states = scan(part, piece.state)
            ends.append(states[-1])
            units.extend(
                (piece.module, parse_unit(text, row + 1))
                for text, row, _ in unit_extents(part, kinds, piece.first)
            )
        own = [(module, [contribution(node) for node in unit.nodes]) for module, unit in units]
        everybody = exchange(own, ends)
        by_module: dict[int, list[Contribution]] = {}
        for module, found in everybody:
            by_module.setdefault(module, []).extend(found)
        environments = {
            module: fold_environment(by_module.get(module, []), dsl_decorator_name, None, directories[module])
            for module in {piece.module for piece in pieces}
        }
        if kept is not None:
            kept.append(units)
        reports: list[tuple[int, UnitReport]] = []
        # Once a unit stops the real compiler's import of its module, no unit of that module
        # gets a codegen warning (`_module_reports` drops them): they are not computed.
        stopped: set[int] = set()
        for module, unit in units:
            report = unit_report(unit, environments[module], codegen=module not in stopped)
            if report.stops_front_end:
                stopped.add(module)
            reports.append((module, report))
        return reports


def _shares(lines: Sequence[list[str]], count: int) -> list[list[_Piece]]:
    """At most `count` shares of about the same number of lines, in order, none empty."""
    target = sum(len(module) for module in lines) / count
    shares: list[list[_Piece]] = [[]]
    filled = 0
    for module, found in enumerate(lines):
        first, state = 0, INITIAL
        while first < len(found):
            if filled >= target and len(shares) < count:
                shares.append([])
                filled = 0
            room = int(target - filled)
            split = None
            if len(shares) < count and len(found) - first > room:
                split = _split_line(found, first + max(room, 1))
            stop = split if split is not None else len(found)
            shares[-1].append(_Piece(module, first, stop, state))
            filled += stop - first
            if split is not None:
                shares.append([])
                filled = 0
            first, state = stop, _BETWEEN_STATEMENTS
    return [share for share in shares if share]


def _split_line(lines: list[str], start: int) -> int | None:
    """The first line from `start` on that a module may be split before, if one is near."""
    for index in range(max(start, 1), min(start + _SPLIT_SEARCH, len(lines))):
        if _SPLIT_BEFORE.match(lines[index]) and not lines[index - 1].strip():
            return index
    return None


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


class _WorkerFailed(Exception):
    """A worker said it failed, died, or could not be told what it needs."""


def _in_processes(
    lines: Sequence[list[str]], shares: list[list[_Piece]], directories: Sequence[str | None]
) -> list[tuple[int, UnitReport]] | None:
    """Every share's reports, each made by a worker of its own while this process relays
    the contributions; None if a worker failed or a split was misjudged."""
    context = multiprocessing.get_context("fork")
    # A forked child starts with copies of this process's output buffers: empty them first.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    workers: list[tuple[Any, Connection]] = []
    try:
        for index, share in enumerate(shares):
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_worker, args=(lines, share, index, len(shares), theirs, directories), daemon=True
            )
            process.start()
            theirs.close()
            workers.append((process, ours))
        # Each worker's contributions are passed on as the bytes it sent, never unpickled
        # here: each worker is sent every other share's, in order (its own stays with it).
        sent: list[bytes] = []
        ends: list[State] = []
        for _, connection in workers:
            ends.extend(_receive(connection))
            sent.append(connection.recv_bytes())
        pieces = [piece for share in shares for piece in share]
        for before, piece, end in zip(pieces, pieces[1:], ends):
            if before.module == piece.module and end != piece.state:
                raise _WorkerFailed("a module was split inside a statement")
        for index, (_, connection) in enumerate(workers):
            for other, message in enumerate(sent):
                if other != index:
                    connection.send_bytes(message)
        reports: list[tuple[int, UnitReport]] = []
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


def _worker(
    lines: Sequence[list[str]],
    share: list[_Piece],
    index: int,
    count: int,
    connection: Connection,
    directories: Sequence[str | None],
) -> None:
    """A forked process, share `index` of `count`: send the share's contributions, take
    everybody else's, send the reports, and end without freeing what it made (on a large
    share, freeing the trees one by one costs a few percent of the work; the process's
    end frees them at once)."""

    def exchange(own: _Contributions, ends: list[State]) -> _Contributions:
        connection.send_bytes(pickle.dumps(("ok", ends), pickle.HIGHEST_PROTOCOL))
        connection.send_bytes(pickle.dumps(own, pickle.HIGHEST_PROTOCOL))
        everybody: _Contributions = []
        for other in range(count):
            everybody.extend(own if other == index else pickle.loads(connection.recv_bytes()))
        return everybody

    kept: list[Any] = []
    try:
        reports = _work(lines, share, exchange, directories, kept)
        connection.send_bytes(pickle.dumps(("ok", reports), pickle.HIGHEST_PROTOCOL))
    except BaseException as error:  # told to the parent, which then checks alone
        # If even this fails, the parent sees the pipe close instead.
        with contextlib.suppress(BaseException):
            connection.send_bytes(pickle.dumps(("failed", repr(error)), pickle.HIGHEST_PROTOCOL))
    finally:
        connection.close()
    os._exit(0)  # nothing of the parent's (its buffers, its exit handlers) runs here
