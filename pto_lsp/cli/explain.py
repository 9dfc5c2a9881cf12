"""`pto-lsp explain FILE:LINE[:COL]`: what the front end knows about the GM reads on a line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic
from compiler.facts import Declaration, GmRead, Reason
from compiler.syntax.units import split_lines
from pto_lsp.cli.shown import shown
from pto_lsp.features.invalid_cache import rejected_cache, rejected_cache_text
from pto_lsp.workspace.engine import AnalysisEngine
from pto_lsp.workspace.sources import read_source


def describe_read(read: GmRead, rejected: Diagnostic | None = None) -> str:
    """`rejected`: the PTO110 error of the read's invalid cache= (no policy is chosen)."""
    reading = (
        f"reads '{read.tensor}' from global memory ({read.kind.value}) in kernel '{read.kernel}' "
        f"as parameter {read.param_index}"
    )
    if rejected is not None:
        return f"{reading}: {rejected_cache_text(rejected)}"
    if read.reason is Reason.EXPLICIT:
        why = "its own cache= argument"
    elif read.reason is Reason.DECLARED:
        where = f" at line {read.reason_span.start_line}" if read.reason_span else " on the kernel"
        why = f"the declaration{where}"
    else:
        why = f"the default (no cache= here, no declaration for '{read.tensor}')"
    return f"{reading}: {read.policy_name}, by {why}"


def describe_declaration(declaration: Declaration) -> str:
    head = f"declares {declaration.policy_name} for '{declaration.tensor}'"
    if declaration.kernel is None:
        return f"{head}; the scope is not outlined, so it has no effect"
    if not declaration.lowered:
        return f"{head}; carried onto '{declaration.kernel}', but no load picks it up today"
    if declaration.param_index is None:
        return f"{head}; '{declaration.tensor}' is not captured by the scope"
    lines = [f"{head}: kernel '{declaration.kernel}', parameter {declaration.param_index}"]
    lines += [
        f"  governs the read at line {read.span.start_line} ({read.kind.value})" for read in declaration.reads
    ]
    return "\n".join(lines)


def run_explain(path: Path, line: int, out: TextIO, column: int | None = None) -> int:
    source = read_source(path)
    if source.text is None:
        print(f"pto-lsp explain: error: {shown(path)}: {source.problem}", file=sys.stderr)
        return 2
    line_count = len(split_lines(source.text))
    if line > line_count:
        print(
            f"pto-lsp explain: error: {shown(path)} has {line_count} line(s); there is no line {line}",
            file=sys.stderr,
        )
        return 2
    if column is not None:
        width = len(split_lines(source.text)[line - 1])
        if column > width + 1:
            print(
                f"pto-lsp explain: error: line {line} of {shown(path)} has {width} character(s); "
                f"there is no column {column}",
                file=sys.stderr,
            )
            return 2
    analysis = AnalysisEngine().analyse_text(str(path), source.text)
    syntax = next((d for d in analysis.diagnostics if d.code == codes.SYNTAX_ERROR), None)
    if syntax is not None and not analysis.programs and not analysis.functions:
        print(
            f"pto-lsp explain: {shown(path)} does not parse ({syntax.message} at line {syntax.span.start_line}); "
            "nothing to explain",
            file=sys.stderr,
        )
        return 1
    facts = analysis.facts
    said = False
    for declaration in facts.declarations:
        if declaration.span.start_line == line:
            print(f"{shown(path)}:{line}: {describe_declaration(declaration)}", file=out)
            said = True
    for read in facts.reads:
        if read.span.start_line <= line <= read.span.end_line:
            described = describe_read(read, rejected_cache(analysis, read))
            print(f"{shown(path)}:{read.span.start_line}: {described}", file=out)
            said = True
    if not said:
        print(f"{shown(path)}:{line}: no global-memory read or cache-policy declaration here", file=out)
    return 0


def main_explain(location: str) -> int:
    path_text, _, rest = location.partition(":")
    line_text, has_column, column_text = rest.partition(":")
    if not path_text or not _positive(line_text) or (has_column and not _positive(column_text)):
        print(f"pto-lsp explain: error: expected FILE:LINE[:COL], got {location!r}", file=sys.stderr)
        return 2
    path = Path(path_text)
    if not path.exists():
        print(f"pto-lsp explain: error: no such file: {shown(path)}", file=sys.stderr)
        return 2
    column = int(column_text) if has_column else None
    return run_explain(path, int(line_text), sys.stdout, column)


def _positive(text: str) -> bool:
    """A 1-based number written in ASCII digits (`int` would also take '²', '٣', ' 7', '1_0')."""
    return text.isascii() and text.isdigit() and int(text) >= 1
