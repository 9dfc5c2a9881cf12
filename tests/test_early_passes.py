"""Passes 1 InlineFunctions, 2 UnrollLoops and 3 CtrlFlowTransform, as `pto-lsp compile
--after N` shows them and `pto-lsp check` reports their errors; held to the real pass's
dump where the corpus has one (`../shared/corpus/pass-dumps/016`: a kernel's `continue`)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import REPO, run_pto_lsp

from compiler import analyse_source
from compiler.passes.ctrl_flow_transform import ctrl_flow_transform
from compiler.printer import print_definitions

DUMPS = REPO.parent / "shared" / "corpus" / "pass-dumps"

INLINE = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class P:
        @pl.function(type=pl.FunctionType.Inline)
        def square(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
            y: pl.Tensor[[4], pl.FP32] = pl.mul(x, x)
            return y

        @pl.function(type=pl.FunctionType.Inline)
        def write_out(self, x: pl.Tensor[[4], pl.FP32], out: pl.Out[pl.Tensor[[4], pl.FP32]]) -> pl.Tensor[[4], pl.FP32]:
            out = pl.tensor.assemble(out, x, [0])
            return out

        @pl.function
        def main(self, a: pl.Tensor[[4], pl.FP32], ext: pl.Out[pl.Tensor[[4], pl.FP32]]) -> pl.Tensor[[4], pl.FP32]:
            a2: pl.Tensor[[4], pl.FP32] = self.square(a)
            b2: pl.Tensor[[4], pl.FP32] = self.square(a2)
            self.write_out(b2, ext)
            return b2
    """
)


def compile_after(tmp_path: Path, source: str, after: str) -> str:
    path = tmp_path / "k.py"
    path.write_text(source)
    proc = run_pto_lsp("compile", str(path), "--after", after)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_inline_calls_become_the_body_with_numbered_locals(tmp_path: Path):
    dump = compile_after(tmp_path, INLINE, "InlineFunctions")
    body = dump.split("def main", 1)[1].splitlines()[1:]
    assert [line.strip() for line in body] == [
        "y_inline0: pl.Tensor[[4], pl.FP32] = pl.tensor.mul(a, a)",
        "a2: pl.Tensor[[4], pl.FP32] = y_inline0",
        "y_inline1: pl.Tensor[[4], pl.FP32] = pl.tensor.mul(a2, a2)",
        "b2: pl.Tensor[[4], pl.FP32] = y_inline1",
        # the rebound `Out` parameter rebinds the caller's argument; the return is dropped
        "ext: pl.Tensor[[4], pl.FP32] = pl.tensor.assemble(ext, b2, [0])",
        "return b2",
    ]
    assert "def square" not in dump and "def write_out" not in dump


def test_an_inline_function_binding_two_locals_numbers_them_in_reverse(tmp_path: Path):
    """The real pass numbers the variables in the order a hash set of their addresses
    holds them: two are numbered last-bound first (`z_inline0`, `y_inline1`), whatever
    the addresses (tests/data/real_pto_cases: the real dump of the same program)."""
    cases = REPO / "tests" / "data" / "real_pto_cases"
    dump = compile_after(tmp_path, (cases / "inline_two_locals.py").read_text(), "1")
    real = (cases / "inline_two_locals.after_InlineFunctions.py").read_text()
    assert [line.rstrip() for line in dump.splitlines() if line.strip()] == [
        line.rstrip() for line in real.splitlines() if line.strip()
    ]


def test_an_inline_function_binding_three_locals_is_not_shown(tmp_path: Path):
    # Three or more: their order follows their addresses, not something to guess.
    source = INLINE.replace(
        "y: pl.Tensor[[4], pl.FP32] = pl.mul(x, x)\n        return y",
        "y: pl.Tensor[[4], pl.FP32] = pl.mul(x, x)\n        z: pl.Tensor[[4], pl.FP32] = pl.add(y, y)\n"
        "        w: pl.Tensor[[4], pl.FP32] = pl.add(z, y)\n        return w",
    )
    dump = compile_after(tmp_path, source, "1")
    assert "not shown: InlineFunctions: an Inline function binding several variables" in dump
    assert "def main" not in dump


BREAK = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class P:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, a: pl.Tensor[[256, 64], pl.FP32], c: pl.InOut[pl.Tensor[[256, 64], pl.FP32]]) -> pl.Tensor[[256, 64], pl.FP32]:
            for i in pl.range(4):
                if i > 2:
                    break
                t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [i * 64, 0], [64, 64])
                c = pl.store(t, [i * 64, 0], c)
            return c
    """
)


def test_a_break_turns_the_kernel_loop_into_a_flagged_while(tmp_path: Path):
    dump = compile_after(tmp_path, BREAK, "CtrlFlowTransform")
    body = [line.strip() for line in dump.split("def kernel", 1)[1].splitlines()[1:]]
    assert body[:7] == [
        "i__idx_v1: pl.Scalar[pl.INDEX] = 0",
        "break__tmp_v0: pl.Scalar[pl.BOOL] = False",
        "while i__idx_v1 < 4 and not break__tmp_v0:",
        "if i__idx_v1 > 2:",
        "break__tmp_v0: pl.Scalar[pl.BOOL] = True",
        "pl.yield_()",
        "else:",
    ]
    assert body[-3:] == [
        "if not break__tmp_v0:",
        "i__idx_v1: pl.Scalar[pl.INDEX] = i__idx_v1 + 1",
        "return c",
    ]


def test_an_orchestration_keeps_its_break(tmp_path: Path):
    source = BREAK.replace("pl.FunctionType.InCore", "pl.FunctionType.Orchestration")
    source = source.replace(
        "t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [i * 64, 0], [64, 64])\n            c = pl.store(t, [i * 64, 0], c)",
        "c = pl.assemble(c, a, [0, 0])",
    )
    assert "break" in compile_after(tmp_path, source, "3").split("def kernel", 1)[1]


def test_a_kernel_continue_is_what_the_real_pass_makes_of_it():
    before = (DUMPS / "016" / "02_after_UnrollLoops.py").read_text(encoding="utf-8")
    after = (DUMPS / "016" / "03_after_CtrlFlowTransform.py").read_text(encoding="utf-8")
    analysis = analyse_source(before, str(DUMPS / "016" / "input.py"))
    programs = [ctrl_flow_transform(program) for program in analysis.programs]
    ours = print_definitions(programs, [], analysis.environment)
    assert "else:" in ours
    assert [line.rstrip() for line in ours.strip().splitlines()] == [
        line.rstrip() for line in after.strip().splitlines()
    ]


ERRORS = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Recursive:
        @pl.function(type=pl.FunctionType.Inline)
        def again(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
            y: pl.Tensor[[4], pl.FP32] = self.again(x)
            return y

        @pl.function
        def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
            r: pl.Tensor[[4], pl.FP32] = self.again(a)
            return r


    @pl.program
    class Long:
        @pl.function
        def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
            for i in pl.unroll(UNROLLED):
                x = pl.mul(x, x)
            return x
    """
)


@pytest.mark.parametrize(("count", "reported"), [(2000, True), (1024, False)])
def test_the_first_passes_errors_are_reported_where_they_stand(tmp_path: Path, count: int, reported: bool):
    path = tmp_path / "k.py"
    path.write_text(ERRORS.replace("UNROLLED", str(count)))
    proc = run_pto_lsp("check", str(path))
    prefix = f"{path}:"
    lines = [line.removeprefix(prefix) for line in proc.stdout.splitlines() if line.startswith(prefix)]
    cycle = "8:38: error[PTO702] Cycle detected in FunctionType::Inline call graph: again -> again"
    limit = (
        f"21:9: error[PTO703] Unroll loop trip count {count} exceeds maximum allowed (1024). "
        "Reduce the loop range or use pl.range() instead"
    )
    assert lines == ([cycle, limit] if reported else [cycle])


UNROLL = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class P:
        @pl.function
        def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
            for i in pl.unroll(2):
                if i == 0:
                    x = pl.mul(x, x)
                for k in pl.range(2):
                    y: pl.Tensor[[16, 64], pl.FP32] = pl.slice(x, [16, 64], [i * 16 + k, 0])
            for j in pl.unroll(0):
                x = pl.add(x, x)
            return x
    """
)


def test_an_unrolled_index_reads_as_a_constant_even_in_a_condition(tmp_path: Path):
    dump = compile_after(tmp_path, UNROLL, "UnrollLoops")
    body = [line.strip() for line in dump.split("def main", 1)[1].splitlines()[1:]]
    # An arithmetic or comparison of integer constants only: written typed, as the real printer does.
    assert body[0] == "if pl.const(0, pl.INDEX) == pl.const(0, pl.INDEX):"
    assert "pl.tensor.slice(x, [16, 64], [pl.const(1, pl.INDEX) * pl.const(16, pl.INDEX) + k, 0])" in body[-2]
    assert "pl.unroll" not in dump and "pl.tensor.add" not in dump  # a loop of no iteration leaves nothing


def test_an_unrolled_loops_comments_go_above_its_first_copy(tmp_path: Path):
    source = UNROLL.replace(
        "        for i in pl.unroll(2):", "        # both halves\n        for i in pl.unroll(2):"
    )
    body = [
        line.strip() for line in compile_after(tmp_path, source, "2").split("def main", 1)[1].splitlines()[1:]
    ]
    assert body[:2] == ["# both halves", "if pl.const(0, pl.INDEX) == pl.const(0, pl.INDEX):"]
    assert body.count("# both halves") == 1


def test_unpacking_an_inline_functions_tuple_reads_its_values(tmp_path: Path):
    source = INLINE.replace(
        "a2: pl.Tensor[[4], pl.FP32] = self.square(a)", "a2, a3 = self.pair(a)\n        b3 = pl.add(a3, a3)"
    ).replace(
        "    @pl.function\n    def main",
        "    @pl.function(type=pl.FunctionType.Inline)\n"
        "    def pair(self, x: pl.Tensor[[4], pl.FP32]) -> tuple[pl.Tensor[[4], pl.FP32], pl.Tensor[[4], pl.FP32]]:\n"
        "        return x, x\n\n    @pl.function\n    def main",
    )
    body = [
        line.strip() for line in compile_after(tmp_path, source, "1").split("def main", 1)[1].splitlines()[1:]
    ]
    # No tuple is made: `a2, a3 = ...` reads the returned values one by one.
    assert body[:3] == [
        "a2: pl.Tensor[[4], pl.FP32] = a",
        "a3: pl.Tensor[[4], pl.FP32] = a",
        "b3: pl.Tensor[[4], pl.FP32] = pl.tensor.add(a3, a3)",
    ]
