"""`pto-lsp compile FILE --emit ir --after NAME`: a module's IR after a pipeline stage, as DSL text.

The text is what the real compiler's pass dumps hold: the printer's output and
a final newline. It parses back into the same IR, so for any dump `d.py`,
`pto-lsp compile d.py --emit ir --after parse` prints `d.py` again.

`run_pipeline` maps `--after` (a pass name or number, or `parse` for the IR as
parsed) to the passes of `compiler.passes.pipeline`; without `--after` the IR
after the last modelled pass is printed.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from compiler import Diagnostic, ModuleAnalysis, Severity
from compiler.diagnostics import Stage
from compiler.passes.pipeline import UnknownPass, run_passes
from compiler.printer import print_module
from pto_lsp.engine import AnalysisEngine
from pto_lsp.positions import Encoding, LineIndex
from pto_lsp.sources import read_source

EMIT_FORMATS = ("ir",)
# Errors that stop the real compiler before any pass runs.
_FRONT_END_STAGES = frozenset({Stage.SYNTAX, Stage.PARSER})


def run_pipeline(analysis: ModuleAnalysis, after: str) -> ModuleAnalysis:
    """The module as it stands after the stage `after` (a pass name or number, or `parse`)."""
    programs, functions = run_passes(analysis.programs, analysis.functions, after)
    return replace(analysis, programs=programs, functions=functions)


def run_compile(path: Path, emit: str, after: str, out: TextIO, err: TextIO) -> int:
    source = read_source(path)
    if source.text is None:
        print(f"pto-lsp compile: error: {path}: {source.problem}", file=err)
        return 2
    analysis = AnalysisEngine().analyse_text(str(path), source.text)
    errors = [
        d for d in analysis.diagnostics if d.severity is Severity.ERROR and d.stage in _FRONT_END_STAGES
    ]
    if errors:
        _write_errors(path, source.text, errors, err)
        return 1
    try:
        result = run_pipeline(analysis, after)
    except UnknownPass as problem:
        print(f"pto-lsp compile: error: {problem}", file=err)
        return 2
    text = print_module(result)  # emit == "ir", the only format so far
    if text:
        out.write(text + "\n")
    return 0


def _write_errors(path: Path, text: str, errors: list[Diagnostic], err: TextIO) -> None:
    index = LineIndex(text)
    for diagnostic in errors:
        span = diagnostic.span
        column = index.column(span.start_line, span.start_col, Encoding.UTF32) + 1
        print(f"{path}:{span.start_line}:{column}: error[{diagnostic.code}] {diagnostic.message}", file=err)
    print(f"pto-lsp compile: {path} does not parse; no IR to print.", file=err)


def main_compile(path: str, emit: str, after: str) -> int:
    if not Path(path).exists():
        print(f"pto-lsp compile: error: no such file: {path}", file=sys.stderr)
        return 2
    return run_compile(Path(path), emit, after, sys.stdout, sys.stderr)
