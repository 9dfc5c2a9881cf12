"""A program factory with parameters that have no default (`build_program(batch, heads)`): the
program the file builds is the one its own `__main__` builds, with the arguments of that call
(through the plain functions `__main__` calls, their locals folded), as the real compile of
the example gets it (`../shared/corpus/pass-dumps/003`: the SPMD paged attention example, built
with `main()`'s sizes). A factory the file calls with other values, or never, stays unknown."""

from __future__ import annotations

from pathlib import Path

from conftest import run_pto_lsp

FACTORY = """\
import pypto.language as pl


def build_program(rows: int, cols: int, scale: int = 1):
    @pl.program
    class Scaled:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, a: pl.Tensor[[rows, cols], pl.FP32], out: pl.Out[pl.Tensor[[rows, cols], pl.FP32]]) -> pl.Tensor[[rows, cols], pl.FP32]:
            t = pl.load(a, [0, 0], [rows, cols * scale])
            done: pl.Tensor[[rows, cols], pl.FP32] = pl.store(t, [0, 0], out)
            return done

    return Scaled


def main():
    blocks = 4
    rows = blocks * 16
    program = build_program(rows, cols=256 // 2)
    print(program)


if __name__ == "__main__":
    main()
"""


def _memory(tmp_path: Path, source: str) -> str:
    path = tmp_path / "factory.py"
    path.write_text(source, encoding="utf-8")
    return run_pto_lsp("compile", str(path), "--emit", "memory").stdout


def test_the_program_main_builds_is_analysed_with_its_arguments(tmp_path: Path) -> None:
    # a [64, 128] fp32 tile: 32,768 bytes of Vec
    assert "Scaled.kernel (line 8): Vec 32,768 / 188,416 bytes" in _memory(tmp_path, FACTORY)
    path = tmp_path / "factory.py"
    parsed = run_pto_lsp("compile", str(path), "--after", "parse").stdout
    assert "a: pl.Tensor[[64, 128], pl.FP32]" in parsed


def test_a_factory_called_with_two_sets_of_values_stays_unknown(tmp_path: Path) -> None:
    twice = FACTORY.replace("    print(program)\n", "    print(program, build_program(32, 32))\n")
    assert "Scaled.kernel (line 8): Vec not analysed" in _memory(tmp_path, twice)


def test_a_call_whose_arguments_cannot_be_told_apart_stays_unknown(tmp_path: Path) -> None:
    spread = FACTORY.replace("build_program(rows, cols=256 // 2)", "build_program(*sizes, cols=256 // 2)")
    assert "Scaled.kernel (line 8): Vec not analysed" in _memory(
        tmp_path, spread.replace("    blocks = 4\n", "    blocks = 4\n    sizes = [64]\n")
    )
