"""`pto-lsp compile FILE --emit ir --after NAME`: a module's IR after a pipeline stage, as DSL text.

The text is what the real compiler's pass dumps hold: the printer's output and
a final newline. It parses back into the same IR, so for any dump `d.py`,
`pto-lsp compile d.py --emit ir --after parse` prints `d.py` again.

`--after` is a pass name or number of `compiler.passes.pipeline`, or `parse` for the
IR as parsed; without it the IR after the last modelled pass is printed. The dumps
themselves are `pto_lsp/features/dumps.py`'s, which the server's commands answer too.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from compiler import Diagnostic
from compiler.base import codes
from compiler.base.diagnostics import stops_the_front_end
from compiler.codegen.pto_emitter import CodegenOptions
from compiler.passes.pipeline import UnknownPass
from pto_lsp.cli.check import collector_paused
from pto_lsp.cli.shown import shown
from pto_lsp.features.dumps import MlirDump, ir_after, mlir_of
from pto_lsp.features.memory_use import memory_report
from pto_lsp.workspace.engine import AnalysisEngine
from pto_lsp.workspace.positions import Encoding, LineIndex
from pto_lsp.workspace.settings import settings_for
from pto_lsp.workspace.sources import read_source

EMIT_FORMATS = ("ir", "mlir", "memory")
_TOO_DEEP = "a definition is nested too deeply for pto-lsp to compile"


def run_compile(
    path: Path,
    emit: str,
    after: str,
    out: TextIO,
    err: TextIO,
    options: CodegenOptions,
    soc: str | None = None,
) -> int:
    with collector_paused():
        return _run_compile(path, emit, after, out, err, options, soc)


def _run_compile(
    path: Path, emit: str, after: str, out: TextIO, err: TextIO, options: CodegenOptions, soc: str | None
) -> int:
    source = read_source(path)
    if source.text is None:
        print(f"pto-lsp compile: error: {shown(path)}: {source.problem}", file=err)
        return 2
    analysis = AnalysisEngine().analyse_text(str(path), source.text)
    errors = [d for d in analysis.diagnostics if stops_the_front_end(d)]
    if errors:
        _write_errors(path, source.text, errors, err)
        return 1
    if any(d.code == codes.NOT_ANALYSED for d in analysis.diagnostics):
        print(f"pto-lsp compile: {shown(path)}: {_TOO_DEEP}; no IR to print.", file=err)
        return 1
    if emit == "memory":
        out.write(memory_report(analysis, soc or settings_for(path).soc))
        return 0
    try:
        # This analysis is ours alone: the passes need not copy its IR first.
        if emit == "mlir":
            return _write_mlir(mlir_of(analysis, options, keep_analysis=False), out, err)
        text = ir_after(analysis, after, keep_analysis=False)
    except UnknownPass as problem:
        print(f"pto-lsp compile: error: {problem}", file=err)
        return 2
    except RecursionError:
        print(f"pto-lsp compile: {shown(path)}: {_TOO_DEEP}; no IR to print.", file=err)
        return 1
    if text:
        out.write(text + "\n")
    return 0


def _write_mlir(dump: MlirDump, out: TextIO, err: TextIO) -> int:
    """One PTO MLIR module per InCore kernel; the codegen's warnings and the kernels not
    emitted on stderr."""
    for warning in dump.warnings:
        print(warning, file=err)
    status = 0
    for kernel in dump.kernels:
        if kernel.text is None:
            print(f"pto-lsp compile: {kernel.message}", file=err)
            status = 1
        else:
            out.write(kernel.dump)
    return status


def _write_errors(path: Path, text: str, errors: list[Diagnostic], err: TextIO) -> None:
    index = LineIndex(text)
    for diagnostic in errors:
        span = diagnostic.span
        column = index.column(span.start_line, span.start_col, Encoding.UTF32) + 1
        print(
            f"{shown(path)}:{span.start_line}:{column}: error[{diagnostic.code}] {diagnostic.message}",
            file=err,
        )
    print(f"pto-lsp compile: {shown(path)} does not parse; no IR to print.", file=err)


def main_compile(
    path: str,
    emit: str,
    after: str,
    ptoas_cache_policy: str = "unsupported",
    emit_source_loc: bool = False,
    soc: str | None = None,
) -> int:
    if not Path(path).exists():
        print(f"pto-lsp compile: error: no such file: {shown(path)}", file=sys.stderr)
        return 2
    options = CodegenOptions(ptoas_cache_policy, emit_source_loc, path)
    return run_compile(Path(path), emit, after, sys.stdout, sys.stderr, options, soc)
