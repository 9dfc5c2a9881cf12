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


HELPER = """\
import pypto.language as pl

TILE_M = 32
BIG_N = 32


def stripe_shape(*, branches: int = 4) -> tuple[int, int]:
    \"\"\"The tensor's shape.\"\"\"
    if branches <= 0:
        raise ValueError(f"branches must be positive, got {branches}")
    rows = 4 * branches * TILE_M
    return rows, BIG_N


def build(*, branches: int = 4):
    big_m, big_n = stripe_shape(branches=branches)

    @pl.program
    class Stripes:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, a: pl.Tensor[[big_m, big_n], pl.FP32], out: pl.Out[pl.Tensor[[big_m, big_n], pl.FP32]]) -> pl.Tensor[[big_m, big_n], pl.FP32]:
            t = pl.load(a, [0, 0], [TILE_M, big_n])
            done: pl.Tensor[[big_m, big_n], pl.FP32] = pl.store(t, [0, 0], out)
            return done

    return Stripes
"""


def test_a_shape_from_a_small_helper_is_folded(tmp_path: Path) -> None:
    """`big_m, big_n = stripe_shape(branches=branches)`: the helper's guard folds to False, its
    return value is the shape (as in `phase_fence_dep_compression.py`, pass-dumps 005)."""
    path = tmp_path / "factory.py"
    path.write_text(HELPER, encoding="utf-8")
    parsed = run_pto_lsp("compile", str(path), "--after", "parse").stdout
    assert "a: pl.Tensor[[512, 32], pl.FP32]" in parsed
    assert "Stripes.kernel (line 21): Vec 4,096 / 188,416 bytes" in _memory(tmp_path, HELPER)


def test_a_helper_whose_guard_raises_leaves_the_shape_unknown(tmp_path: Path) -> None:
    raising = HELPER.replace("def build(*, branches: int = 4)", "def build(*, branches: int = 0)")
    assert "Stripes.kernel (line 21): Vec not analysed" in _memory(tmp_path, raising)


def test_an_edit_of_a_global_the_helper_reads_reanalyses_the_program() -> None:
    """The factory's unit never names BIG_N: the helper's value carries what it reads."""
    from pto_lsp.features.memory_use import memory_report
    from pto_lsp.workspace.documents import Document
    from pto_lsp.workspace.engine import AnalysisEngine

    engine = AnalysisEngine()
    before = memory_report(engine.analyse("k.py", Document("file:///k.py", 1, HELPER).units()))
    wider = HELPER.replace("BIG_N = 32", "BIG_N = 64")
    after = memory_report(engine.analyse("k.py", Document("file:///k.py", 2, wider).units()))
    assert "Vec 4,096 / 188,416" in before and "Vec 8,192 / 188,416" in after
