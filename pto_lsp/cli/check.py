"""`pto-lsp check`: report every diagnostic of the given kernel files."""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from compiler import Diagnostic, Severity
from compiler.base.span import Span
from compiler.batch import check_modules
from compiler.codegen.memory_checks import for_soc
from pto_lsp.workspace.positions import Encoding, LineIndex
from pto_lsp.workspace.settings import settings_for
from pto_lsp.workspace.sources import kernel_files, read_source

JSON_FORMAT_VERSION = 1
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
    paths: list[Path], output_format: str, out: TextIO, err: TextIO, jobs: int = 0, soc: str | None = None
) -> int:
    with collector_paused():
        return _run_check(paths, output_format, out, err, jobs, soc)


def _run_check(
    paths: list[Path], output_format: str, out: TextIO, err: TextIO, jobs: int, soc: str | None
) -> int:
    files, unreadable = _collect(paths, err)
    reports = []
    checked = check_modules([text for _, text in files], jobs)
    for (path, text), checked_file in zip(files, checked, strict=True):
        settings = settings_for(path)  # `[tool.pto-lsp]` of the file's project
        judged = for_soc(checked_file.diagnostics, soc or settings.soc)
        diagnostics = [d for d in judged if d.code not in settings.hidden_codes]
        reports.append(FileReport(path, text, diagnostics, checked_file.unanalysed))
    if output_format == "json":
        _write_json(reports, out)
    else:
        _write_text(reports, out)
    has_errors = any(d.severity is Severity.ERROR for report in reports for d in report.diagnostics)
    return 1 if has_errors or unreadable else 0


def _collect(paths: list[Path], err: TextIO) -> tuple[list[tuple[Path, str]], int]:
    files: list[tuple[Path, str]] = []
    unreadable = 0
    for path in paths:
        candidates = [path]
        if path.is_dir():
            found = kernel_files(path)
            candidates = found.kernels
            for skipped, problem in found.unreadable:
                print(f"pto-lsp: not checked: {skipped}: {problem}", file=err)
                unreadable += 1
            if not candidates and not found.unreadable:
                print(f"pto-lsp: no PyPTO kernel files (*.py importing pypto.language) in {path}", file=err)
        for candidate in candidates:
            source = read_source(candidate)
            if source.text is None:
                print(f"pto-lsp: not checked: {candidate}: {source.problem}", file=err)
                unreadable += 1
            else:
                files.append((candidate, source.text))
    return files, unreadable


def _write_text(reports: list[FileReport], out: TextIO) -> None:
    count = 0
    for report in reports:
        index = LineIndex(report.text)
        for diagnostic in report.diagnostics:
            span = diagnostic.span
            column = index.column(span.start_line, span.start_col, Encoding.UTF32) + 1
            severity = _SEVERITY_NAMES[diagnostic.severity]
            print(
                f"{report.path}:{span.start_line}:{column}: {severity}[{diagnostic.code}] {diagnostic.message}",
                file=out,
            )
            count += 1
    noun = "diagnostic" if count == 1 else "diagnostics"
    print(f"Found {count} {noun} in {len(reports)} file(s)." if count else _clean_summary(reports), file=out)


def _clean_summary(reports: list[FileReport]) -> str:
    """No diagnostic: "All checks passed" only when every construct was analysed."""
    unanalysed = [(report.path, span) for report in reports for span in report.unanalysed]
    if not unanalysed:
        return f"All checks passed ({len(reports)} file(s))."
    path, first = unanalysed[0]
    noun = "construct" if len(unanalysed) == 1 else "constructs"
    return (
        f"No errors found in {len(reports)} file(s), but {len(unanalysed)} {noun} could not be analysed "
        f"(pto-lsp does not model them yet), the first at {path}:{first.start_line}."
    )


def _write_json(reports: list[FileReport], out: TextIO) -> None:
    from lsprotocol import converters  # slow to import: only the JSON output needs it

    from pto_lsp.features.lsp_diagnostics import to_lsp

    converter = converters.get_converter()
    files = []
    for report in reports:
        index = LineIndex(report.text)
        uri = report.path.resolve().as_uri()
        diagnostics = [converter.unstructure(to_lsp(d, index, uri)) for d in report.diagnostics]
        not_analysed = [converter.unstructure(index.range(span)) for span in report.unanalysed]
        files.append({"path": str(report.path), "diagnostics": diagnostics, "notAnalysed": not_analysed})
    json.dump({"version": JSON_FORMAT_VERSION, "files": files}, out, indent=2, ensure_ascii=False)
    out.write("\n")


def main_check(paths: list[str], output_format: str, jobs: int = 0, soc: str | None = None) -> int:
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        for path in missing:
            print(f"pto-lsp check: error: no such file or directory: {path}", file=sys.stderr)
        return 2
    return run_check([Path(p) for p in paths], output_format, sys.stdout, sys.stderr, jobs, soc)
