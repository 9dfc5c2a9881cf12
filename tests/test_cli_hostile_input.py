"""Inputs that used to print a traceback: every one gets a clear answer from the CLI.

Each test runs `pto-lsp` as a user would (a subprocess) and asserts what the
user sees: a one-line message or a diagnostic, the exit status, no traceback.
"""

from __future__ import annotations

from pathlib import Path

from conftest import run_pto_lsp

_KERNEL = """\
import pypto.language as pl


@pl.function
def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
{body}
    return y
"""


def _write(tmp_path: Path, body: str, name: str = "kernel.py") -> Path:
    path = tmp_path / name
    path.write_text(_KERNEL.format(body=body), encoding="utf-8")
    return path


def _long_sum(terms: int) -> str:
    return "    y = " + " + ".join(["1"] * terms)


def _elif_chain(branches: int) -> str:
    lines = ["    if x > 0:", "        y = 1"]
    for i in range(1, branches):
        lines += [f"    elif x > {i}:", f"        y = {i}"]
    return "\n".join([*lines, "    else:", "        y = 0"])


def test_a_very_long_expression_is_said_not_analysed_not_a_traceback(tmp_path: Path) -> None:
    for terms in (600, 20_000):
        path = _write(tmp_path, _long_sum(terms), name=f"sum_{terms}.py")
        run = run_pto_lsp("check", str(path))
        assert "Traceback" not in run.stderr, run.stderr
        assert run.returncode == 0, run.stdout  # a hint, not an error: Python accepts the file
        assert "hint[PTO009] Not analysed" in run.stdout
        assert "All checks passed" not in run.stdout


def test_a_long_elif_chain_compiles_or_says_why_not(tmp_path: Path) -> None:
    path = _write(tmp_path, _elif_chain(700))
    for command in (["check"], ["compile", "--after", "parse"], ["compile"]):
        run = run_pto_lsp(*command, str(path))
        assert "Traceback" not in run.stderr, (command, run.stderr)
        assert run.returncode in (0, 1), (command, run.stderr)
    compiled = run_pto_lsp("compile", "--after", "parse", str(path))
    assert compiled.returncode == 0 or "nested too deeply" in compiled.stderr


def test_after_with_emit_mlir_is_refused_not_ignored(tmp_path: Path) -> None:
    path = _write(tmp_path, "    y = x")
    run = run_pto_lsp("compile", "--emit", "mlir", "--after", "4", str(path))
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        "pto-lsp compile: error: --after applies to --emit ir only (PTO MLIR is emitted after the whole pipeline)"
    ]
