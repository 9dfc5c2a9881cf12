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
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from compiler import Diagnostic, ModuleAnalysis
from compiler.base import codes
from compiler.base.diagnostics import stops_the_front_end
from compiler.codegen.bypass_warning import BypassWarning, compiler_text
from compiler.codegen.not_modelled import not_emitted_message
from compiler.codegen.pto_emitter import CodegenNotModelled, CodegenOptions, emit_kernel
from compiler.ir import Function, FunctionType, Program
from compiler.passes.pipeline import PIPELINE, UnknownPass, run_passes
from compiler.printer import print_definitions
from compiler.syntax.environment import ModuleEnvironment
from pto_lsp.cli.check import collector_paused
from pto_lsp.workspace.engine import AnalysisEngine
from pto_lsp.workspace.positions import Encoding, LineIndex
from pto_lsp.workspace.sources import read_source

EMIT_FORMATS = ("ir", "mlir")
_TOO_DEEP = "a definition is nested too deeply for pto-lsp to compile"


@dataclass(frozen=True)
class PipelineResult:
    """A module's definitions after a stage, with the environment its dump needs."""

    programs: list[Program]
    functions: list[Function]
    environment: ModuleEnvironment


def run_pipeline(analysis: ModuleAnalysis, after: str, keep_analysis: bool = True) -> PipelineResult:
    """The module as it stands after the stage `after` (a pass name or number, or `parse`).
    `keep_analysis=False`: the passes may use up the analysis's IR (it is not copied)."""
    programs, functions = run_passes(analysis.programs, analysis.functions, after, keep_analysis)
    return PipelineResult(programs, functions, analysis.environment)


def run_compile(path: Path, emit: str, after: str, out: TextIO, err: TextIO, options: CodegenOptions) -> int:
    with collector_paused():
        return _run_compile(path, emit, after, out, err, options)


def _run_compile(path: Path, emit: str, after: str, out: TextIO, err: TextIO, options: CodegenOptions) -> int:
    source = read_source(path)
    if source.text is None:
        print(f"pto-lsp compile: error: {path}: {source.problem}", file=err)
        return 2
    analysis = AnalysisEngine().analyse_text(str(path), source.text)
    errors = [d for d in analysis.diagnostics if stops_the_front_end(d)]
    if errors:
        _write_errors(path, source.text, errors, err)
        return 1
    if any(d.code == codes.NOT_ANALYSED for d in analysis.diagnostics):
        print(f"pto-lsp compile: {path}: {_TOO_DEEP}; no IR to print.", file=err)
        return 1
    # Taken from the analysis before the passes run on its IR.
    warnings = analysis.bypass_warnings if options.ptoas_cache_policy != "attribute" else []
    try:
        # This analysis is ours alone: the passes need not copy its IR first.
        result = run_pipeline(analysis, after if emit == "ir" else PIPELINE[-1].name, keep_analysis=False)
        if emit == "mlir":
            return _write_mlir(result, warnings, options, out, err)
        text = print_definitions(result.programs, result.functions, result.environment)
    except UnknownPass as problem:
        print(f"pto-lsp compile: error: {problem}", file=err)
        return 2
    except RecursionError:
        print(f"pto-lsp compile: {path}: {_TOO_DEEP}; no IR to print.", file=err)
        return 1
    if text:
        out.write(text + "\n")
    return 0


def _write_mlir(
    result: PipelineResult, warnings: list[BypassWarning], options: CodegenOptions, out: TextIO, err: TextIO
) -> int:
    """One PTO MLIR module per InCore kernel; the codegen warnings on stderr, in the real
    codegen's words (also those of a kernel this emitter does not model: the real one warns)."""
    for warning in warnings:
        print(compiler_text(warning, options.file_label), file=err)
    kernels = [(p.name, f) for p in result.programs for f in p.functions]
    kernels += [(None, f) for f in result.functions]
    status = 0
    for program, kernel in ((p, f) for p, f in kernels if f.func_type is FunctionType.INCORE):
        try:
            code = emit_kernel(kernel, options)
        except CodegenNotModelled as problem:
            message = not_emitted_message(options.file_label, program, kernel, str(problem), problem.span)
            print(f"pto-lsp compile: {message}", file=err)
            status = 1
            continue
        out.write(f"// kernel: {kernel.name}\n{code.text}")
    return status


def _write_errors(path: Path, text: str, errors: list[Diagnostic], err: TextIO) -> None:
    index = LineIndex(text)
    for diagnostic in errors:
        span = diagnostic.span
        column = index.column(span.start_line, span.start_col, Encoding.UTF32) + 1
        print(f"{path}:{span.start_line}:{column}: error[{diagnostic.code}] {diagnostic.message}", file=err)
    print(f"pto-lsp compile: {path} does not parse; no IR to print.", file=err)


def main_compile(
    path: str, emit: str, after: str, ptoas_cache_policy: str = "unsupported", emit_source_loc: bool = False
) -> int:
    if not Path(path).exists():
        print(f"pto-lsp compile: error: no such file: {path}", file=sys.stderr)
        return 2
    options = CodegenOptions(ptoas_cache_policy, emit_source_loc, path)
    return run_compile(Path(path), emit, after, sys.stdout, sys.stderr, options)
