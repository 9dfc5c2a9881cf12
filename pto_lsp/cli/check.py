"""`pto-lsp check`: report every diagnostic of the given kernel files."""

from __future__ import annotations

import gc
import json
import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from compiler import Diagnostic, Severity
from compiler.base.span import Span
from compiler.batch import ModuleReport, check_modules
from compiler.codegen.memory_checks import for_soc
from compiler.static_reach import OUT_OF_REACH_SUMMARY
from pto_lsp.cli.pypto_check import PyptoRunner, RealFindings
from pto_lsp.cli.shown import shown
from pto_lsp.features.lsp_diagnostics import to_payload
from pto_lsp.workspace.positions import Encoding, LineIndex
from pto_lsp.workspace.settings import settings_for
from pto_lsp.workspace.sources import kernel_files, read_source

JSON_FORMAT_VERSION = 1
_SEVERITY_BY_NUMBER = {1: "error", 2: "warning", 3: "info", 4: "hint"}
_SEVERITY_NAMES = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFORMATION: "info",
    Severity.HINT: "hint",
}


@dataclass
class FileReport:
    path: Path
    text: str
    diagnostics: list[Diagnostic]
    # Where the front end kept a construct opaque (it does not model it): not vouched for.
    unanalysed: list[Span]
    # What the author's own PyPTO said (`--pypto`), or None when it was not asked.
    real: RealFindings | None = field(default=None)
    # Where a pass stopped on a type a factory's caller gives: out of static reach.
    out_of_reach: list[Span] = field(default_factory=list)


@contextmanager
def collector_paused() -> Iterator[None]:
    """No garbage collection while a command runs: an analysis makes objects it keeps, not
    cycles (tests/test_incremental_engine.py checks that one is freed without the collector),
    and on a large file the collections walking them cost a third of the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def run_check(
    paths: list[Path],
    output_format: str,
    out: TextIO,
    err: TextIO,
    jobs: int = 0,
    soc: str | None = None,
    pypto: PyptoRunner | None = None,
) -> int:
    with collector_paused():
        return _run_check(paths, output_format, out, err, jobs, soc, pypto)


# Files are checked in batches of about this many characters (or this many files), and each
# batch's reports are written before the next is read: memory follows the batch, never the
# number of files. A batch is large enough to be shared out over the CPUs (`check_modules`).
_BATCH_CHARS = 4 << 20
_BATCH_FILES = 1024


def _run_check(
    paths: list[Path],
    output_format: str,
    out: TextIO,
    err: TextIO,
    jobs: int,
    soc: str | None,
    pypto: PyptoRunner | None = None,
) -> int:
    writer: _Writer
    if pypto is not None and pypto.disagreements_only:
        writer = pypto.disagreement_writer(out, output_format)
    else:
        writer = _JsonWriter(out) if output_format == "json" else _TextWriter(out)
    tally = _Tally()
    for batch in _batches(_sources(paths, err, tally, writer)):
        try:
            places = [_directory(path) for path, _ in batch]
            checked: list[ModuleReport | None] = list(
                check_modules([text for _, text in batch], jobs, places)
            )
        except Exception:  # a fault of ours in one file must not end the check of the others
            checked = [_checked_alone(text, _directory(path)) for path, text in batch]
        for (path, text), checked_file in zip(batch, checked, strict=True):
            if checked_file is None:
                _not_checked(path, _INTERNAL_ERROR, err, tally, writer)
                continue
            settings = settings_for(path)  # `[tool.pto-lsp]` of the file's project
            judged = for_soc(checked_file.diagnostics, soc or settings.soc)
            diagnostics = [d for d in judged if d.code not in settings.hidden_codes]
            report = FileReport(
                path, text, diagnostics, checked_file.unanalysed, out_of_reach=checked_file.out_of_reach
            )
            if pypto is not None:
                report.real = pypto.check(path, text, _static_payloads(report))
            tally.count(report)
            writer.write(report)
        del batch, checked
        # The collector is paused while files are checked (`collector_paused`); what a
        # batch left in cycles is freed before the next batch, so memory follows a batch.
        gc.collect()
    writer.finish(tally)
    if pypto is not None and pypto.disagreements_only:
        return 1 if tally.disagreements or tally.unreadable else 0
    return 1 if tally.errors or tally.unreadable else 0


def _static_payloads(report: FileReport) -> list[dict[str, Any]]:
    index = LineIndex(report.text)
    uri = report.path.resolve().as_uri()
    return [to_payload(d, index, uri) for d in report.diagnostics]


# Said of a file whose check failed (a fault of pto-lsp's, never a verdict on the file).
_INTERNAL_ERROR = "pto-lsp failed while checking it (an internal error: please report it)"


def _directory(path: Path) -> str:
    """The file's own directory, where the helpers it imports are read."""
    return os.path.dirname(os.path.abspath(path))


def _checked_alone(text: str, directory: str | None) -> ModuleReport | None:
    """One file's report, checked on its own (None: its check fails)."""
    try:
        [report] = check_modules([text], jobs=1, directories=[directory])
    except Exception:
        logging.getLogger(__name__).debug("the check of a file failed", exc_info=True)
        return None
    return report


@dataclass
class _Tally:
    """What the summary needs of the reports already written."""

    files: int = 0
    diagnostics: int = 0
    errors: int = 0
    unreadable: int = 0
    unanalysed: int = 0
    first_unanalysed: tuple[Path, Span] | None = None
    out_of_reach: int = 0
    first_out_of_reach: tuple[Path, Span] | None = None
    disagreements: int = 0  # files where pto-lsp and the real compiler differ (`--pypto`)

    def count(self, report: FileReport) -> None:
        self.files += 1
        self.diagnostics += len(report.diagnostics)
        self.errors += sum(d.severity is Severity.ERROR for d in report.diagnostics)
        if report.real is not None:
            self.diagnostics += len(report.real.shown)
            self.errors += sum(p["severity"] == 1 for p in report.real.shown)
            self.disagreements += bool(report.real.disagreement)
            self.unreadable += report.real.disagreement is None  # its real check did not finish
        if report.unanalysed and self.first_unanalysed is None:
            self.first_unanalysed = (report.path, report.unanalysed[0])
        self.unanalysed += len(report.unanalysed)
        if report.out_of_reach and self.first_out_of_reach is None:
            self.first_out_of_reach = (report.path, report.out_of_reach[0])
        self.out_of_reach += len(report.out_of_reach)


def _sources(paths: list[Path], err: TextIO, tally: _Tally, writer: _Writer) -> Iterator[tuple[Path, str]]:
    """The text of each file to check, read as it is reached; what cannot be read is said
    on `err`, counted and noted in the report."""
    for path in paths:
        if path.is_dir():
            found = False
            for candidate, source in kernel_files(path):
                found = True
                if source.text is None:
                    _not_checked(candidate, source.problem, err, tally, writer)
                else:
                    yield candidate, source.text
            if not found:
                print(
                    f"pto-lsp: no PyPTO kernel files (*.py importing pypto.language) in {shown(path)}",
                    file=err,
                )
            continue
        source = read_source(path)
        if source.text is None:
            _not_checked(path, source.problem, err, tally, writer)
        else:
            yield path, source.text


def _not_checked(path: Path, problem: str | None, err: TextIO, tally: _Tally, writer: _Writer) -> None:
    reason = problem or "cannot read file"
    print(f"pto-lsp: not checked: {shown(path)}: {reason}", file=err)
    tally.unreadable += 1
    writer.not_checked(path, reason)


def _batches(sources: Iterator[tuple[Path, str]]) -> Iterator[list[tuple[Path, str]]]:
    batch: list[tuple[Path, str]] = []
    size = 0
    for item in sources:
        batch.append(item)
        size += len(item[1])
        if size >= _BATCH_CHARS or len(batch) >= _BATCH_FILES:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


class _Writer(Protocol):
    def write(self, report: FileReport) -> None: ...

    def not_checked(self, path: Path, reason: str) -> None: ...

    def finish(self, tally: _Tally) -> None: ...


class _TextWriter:
    """One line per diagnostic, as ruff prints them, then a summary line."""

    def __init__(self, out: TextIO) -> None:
        self._out = out

    def not_checked(self, path: Path, reason: str) -> None:
        pass  # said on stderr, as it is found, and counted in the summary

    def write(self, report: FileReport) -> None:
        real = report.real.shown if report.real is not None else []
        if not report.diagnostics and not real:
            return
        index = LineIndex(report.text)
        path = shown(report.path)
        absolute = str(report.path.resolve())
        for diagnostic in report.diagnostics:
            span = diagnostic.span
            column = index.column(span.start_line, span.start_col, Encoding.UTF32) + 1
            severity = _SEVERITY_NAMES[diagnostic.severity]
            print(
                f"{path}:{span.start_line}:{column}: {severity}[{diagnostic.code}] {diagnostic.message_in(absolute)}",
                file=self._out,
            )
        for payload in real:  # the author's own PyPTO: code marked `pypto/`
            start = payload["range"]["start"]
            line = start["line"] + 1
            column = (
                index.column(
                    line, index.byte_column(line, start["character"], Encoding.UTF16), Encoding.UTF32
                )
                + 1
            )
            severity = _SEVERITY_BY_NUMBER[payload["severity"]]
            print(
                f"{path}:{line}:{column}: {severity}[pypto/{payload['code']}] {payload['message']}",
                file=self._out,
            )

    def finish(self, tally: _Tally) -> None:
        print(_summary(tally), file=self._out)


def _summary(tally: _Tally) -> str:
    """ "All checks passed" only when every file was read and every construct analysed."""
    files = f"{tally.files} file(s)"
    not_read = f"{tally.unreadable} file(s) could not be checked (said on stderr)"
    unanalysed = None
    if tally.first_unanalysed is not None:
        # Said beside the diagnostics too: a file with one error and ten opaque constructs
        # was checked in part, and the author should know which part.
        path, first = tally.first_unanalysed
        noun, pronoun = ("construct", "it") if tally.unanalysed == 1 else ("constructs", "them")
        unanalysed = (
            f"{tally.unanalysed} {noun} could not be analysed "
            f"(pto-lsp does not model {pronoun} yet), the first at {shown(path)}:{first.start_line}"
        )
    if tally.first_out_of_reach is not None:
        # Not a gap of pto-lsp's: the values are the factory's caller's, known when it runs.
        path, first = tally.first_out_of_reach
        noun, verb = ("program", "reads") if tally.out_of_reach == 1 else ("programs", "read")
        reach = (
            f"{tally.out_of_reach} {noun} {verb} values out of static reach ({OUT_OF_REACH_SUMMARY}), "
            f"the first at {shown(path)}:{first.start_line}"
        )
        unanalysed = f"{unanalysed}; {reach}" if unanalysed else reach
    if tally.diagnostics:
        noun = "diagnostic" if tally.diagnostics == 1 else "diagnostics"
        parts = [f"Found {tally.diagnostics} {noun} in {files}"]
        parts += [unanalysed] if unanalysed else []
        parts += [not_read] if tally.unreadable else []
        return "; ".join(parts) + "."
    if unanalysed:
        also = f"; {not_read}" if tally.unreadable else ""
        return f"No errors found in {files}, but {unanalysed}{also}."
    if tally.unreadable:
        return f"No errors found in {files}, but {not_read}."
    return f"All checks passed ({files})."


class _JsonWriter:
    """`{"version": 1, "files": [...], "notChecked": [...]}`, each file's entry written as
    soon as it is checked (the same text `json.dump(..., indent=2)` gives for the whole
    document); the files that could not be read, each with why, after them."""

    def __init__(self, out: TextIO) -> None:
        self._out = out
        self._written = 0
        self._not_checked: list[dict[str, str]] = []
        out.write(f'{{\n  "version": {JSON_FORMAT_VERSION},\n  "files": [')

    def not_checked(self, path: Path, reason: str) -> None:
        self._not_checked.append({"path": _json_path(path), "reason": reason})

    def write(self, report: FileReport) -> None:
        index = LineIndex(report.text)
        uri = report.path.resolve().as_uri()
        real = report.real.shown if report.real is not None else []
        entry: dict[str, Any] = {
            "path": _json_path(report.path),
            "diagnostics": [to_payload(d, index, uri) for d in report.diagnostics] + real,
            "notAnalysed": [index.range_json(span) for span in report.unanalysed],
        }
        if report.out_of_reach:
            entry["outOfStaticReach"] = [index.range_json(span) for span in report.out_of_reach]
        if report.real is not None:
            entry["pypto"] = report.real.status
        text = json.dumps(entry, indent=2, ensure_ascii=False).replace("\n", "\n    ")
        self._out.write(("," if self._written else "") + "\n    " + text)
        self._written += 1

    def finish(self, tally: _Tally) -> None:
        self._out.write("\n  ]," if self._written else "],")
        not_checked = json.dumps(self._not_checked, indent=2, ensure_ascii=False).replace("\n", "\n  ")
        self._out.write(f'\n  "notChecked": {not_checked}\n}}\n')


def _json_path(path: Path) -> str:
    """A file name as JSON can hold it: as is (JSON escapes control characters itself),
    unless it is not valid UTF-8 — then escaped as the text output escapes it (`\\xNN`)."""
    text = str(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return shown(path)
    return text


def main_check(
    paths: list[str],
    output_format: str,
    jobs: int = 0,
    soc: str | None = None,
    pypto: str | None = None,
    disagreements: bool = False,
    pypto_timeout: float | None = None,
) -> int:
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        for path in missing:
            print(f"pto-lsp check: error: no such file or directory: {shown(path)}", file=sys.stderr)
        return 2
    if disagreements and pypto is None:
        print("pto-lsp check: error: --disagreements needs --pypto PYTHON", file=sys.stderr)
        return 2
    if pypto is None:
        return run_check([Path(p) for p in paths], output_format, sys.stdout, sys.stderr, jobs, soc)
    runner = PyptoRunner.started(pypto, disagreements, sys.stderr, pypto_timeout)
    if runner is None:
        return 2
    with runner:
        return run_check([Path(p) for p in paths], output_format, sys.stdout, sys.stderr, jobs, soc, runner)
