"""ConvertToSSA on `if` (`pto-lsp compile --after 4`): the condition and the arms read
the versions current where they are, and what an arm assigns is merged after the `if`.

The shapes are the real compiler's: `ConvertIf` in `src/ir/transforms/convert_to_ssa_pass.cpp`
(a merge for each name an arm reassigns or both arms bind, sorted by name, versioned
`__phi_v<n>` after both arms; an `if` without `else` gets one yielding the values from
before it; a name only one arm binds gets no merge) and the printer's
`VisitStmt_(IfStmt)` / `VisitStmtBody` / `PrintYieldAssignmentVars` in
`src/ir/transforms/python_printer.cpp` (the return vars are the left-hand side of the
`pl.yield_(...)` closing each arm, annotated when there is one, bare names otherwise).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import run_pto_lsp

from compiler import analyse_source
from compiler.passes.pipeline import run_passes
from compiler.printer import print_definitions

HEADER = "import pypto.language as pl\n\n\n@pl.program\nclass P:\n"
T64 = "pl.Tensor[[64], pl.FP32]"
TILE = "pl.Tile[[64, 64], pl.FP32]"
# An annotated load's Var takes the load's memory space (Vec), as the real one prints it.
LOADED = "pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]"
VEC = "pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]"  # a tile op's result: in Vec, as the real deduction puts it


def program(body: str) -> str:
    return HEADER + textwrap.indent(textwrap.dedent(body), "    ")


def compile_text(source: str, stage: str = "4") -> str:
    """The dump after `stage`; the source has no error a pass up to there raises (codegen's,
    like an op left in the orchestration, and the verifier's after ConvertToSSA, come after
    the dumps)."""
    analysis = analyse_source(source)
    assert [
        d.message
        for d in analysis.diagnostics
        if d.severity == 1
        and d.stage.value not in ("orchestration codegen", "ConvertToSSA", "ConvertTensorToTileOps")
    ] == []
    programs, functions = run_passes(analysis.programs, analysis.functions, stage)
    return print_definitions(programs, functions, analysis.environment)


def body_of(dump: str) -> str:
    """The dump from the first statement of the (first) function body on, dedented."""
    lines = dump.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("def ")) + 1
    return textwrap.dedent("\n".join(lines[start:])) + "\n"


def assert_round_trip(dump: str) -> None:
    """The dump parses back into IR that prints as the same dump."""
    text = dump.removesuffix("\n")  # the CLI ends its output with a newline
    assert compile_text(text, "parse") == text


BOTH_ARMS = program(f"""\
    @pl.function
    def main(self, x: {T64}, m: pl.Scalar[pl.INDEX]) -> {T64}:
        y: {T64} = pl.mul(x, 2.0)
        s: pl.Scalar[pl.INDEX] = m + 1
        if m > 0:
            y = pl.add(y, 1.0)
            s: pl.Scalar[pl.INDEX] = s + 2
        else:
            y = pl.mul(y, 3.0)
            s: pl.Scalar[pl.INDEX] = s * 2
        z: {T64} = pl.add(y, x)
        return z
""")


def test_cli_prints_the_condition_renamed_and_a_merge_of_both_arms(tmp_path: Path):
    path = tmp_path / "both_arms.py"
    path.write_text(BOTH_ARMS, encoding="utf-8")
    proc = run_pto_lsp("compile", str(path), "--after", "4")
    assert proc.returncode == 0, proc.stderr
    assert body_of(proc.stdout) == textwrap.dedent(f"""\
        y__ssa_v0: {T64} = pl.tensor.muls(x__ssa_v0, 2.0)
        s__ssa_v0: pl.Scalar[pl.INDEX] = m__ssa_v0 + 1
        if m__ssa_v0 > 0:
            y__ssa_v1: {T64} = pl.tensor.adds(y__ssa_v0, 1.0)
            s__ssa_v1: pl.Scalar[pl.INDEX] = s__ssa_v0 + 2
            s__phi_v3, y__phi_v3 = pl.yield_(s__ssa_v1, y__ssa_v1)
        else:
            y__ssa_v2: {T64} = pl.tensor.muls(y__ssa_v0, 3.0)
            s__ssa_v2: pl.Scalar[pl.INDEX] = s__ssa_v0 * 2
            s__phi_v3, y__phi_v3 = pl.yield_(s__ssa_v2, y__ssa_v2)
        z__ssa_v0: {T64} = pl.tensor.add(y__phi_v3, x__ssa_v0)
        return z__ssa_v0
    """)
    assert_round_trip(proc.stdout)


def test_an_if_without_else_merges_with_the_value_from_before_it():
    dump = compile_text(
        program(f"""\
        @pl.function(type=pl.FunctionType.InCore)
        def main(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> {TILE}:
            t: {TILE} = pl.load(a, [0, 0], [64, 64])
            if n == 0:
                t = pl.mul(t, 2.0)
            return t
        """)
    )
    assert body_of(dump) == textwrap.dedent(f"""\
        t__ssa_v0: {LOADED} = pl.tile.load(a__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        if n__ssa_v0 == 0:
            t__ssa_v1: {VEC} = pl.tile.muls(t__ssa_v0, 2.0)
            t__phi_v2: {VEC} = pl.yield_(t__ssa_v1)
        else:
            t__phi_v2: {VEC} = pl.yield_(t__ssa_v0)
        return t__phi_v2
    """)
    assert_round_trip(dump)


def test_the_else_arm_reads_the_value_from_before_the_if_not_the_then_arms():
    dump = compile_text(BOTH_ARMS)
    assert "pl.tensor.muls(y__ssa_v0, 3.0)" in dump and "s__ssa_v0 * 2" in dump


def test_a_name_only_one_arm_binds_gets_no_merge_and_is_read_bare(tmp_path: Path):
    # The real pass leaves the read on the pre-SSA variable (the dump prints its bare
    # name) and its SSA verifier then rejects it: used outside its defining scope.
    source = program(f"""\
        @pl.function(type=pl.FunctionType.InCore)
        def main(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> {TILE}:
            t: {TILE} = pl.load(a, [0, 0], [64, 64])
            if n == 0:
                u = pl.add(t, t)
            w = pl.mul(u, 2.0)
            return w
    """)
    assert body_of(compile_text(source)) == textwrap.dedent(f"""\
        t__ssa_v0: {LOADED} = pl.tile.load(a__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        if n__ssa_v0 == 0:
            u__ssa_v0: {VEC} = pl.tile.add(t__ssa_v0, t__ssa_v0)
        w__ssa_v0: {VEC} = pl.tile.muls(u, 2.0)
        return w__ssa_v0
    """)
    # The author sees the verifier's error where the arm binds it (line 10).
    kernel = tmp_path / "one_arm.py"
    kernel.write_text(source, encoding="utf-8")
    said = run_pto_lsp("check", str(kernel)).stdout.splitlines()
    assert f"{kernel}:10:13: error[PTO604] Variable 'u' used outside its defining scope" in said, said


def test_a_name_both_arms_bind_first_is_merged():
    dump = compile_text(
        program(f"""\
        @pl.function(type=pl.FunctionType.InCore)
        def main(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> {TILE}:
            t: {TILE} = pl.load(a, [0, 0], [64, 64])
            if n != 0:
                u: {TILE} = pl.add(t, t)
            else:
                u: {TILE} = pl.sub(t, t)
            return u
        """)
    )
    assert f"    u__phi_v2: {VEC} = pl.yield_(u__ssa_v0)\n" in dump
    assert f"    u__phi_v2: {VEC} = pl.yield_(u__ssa_v1)\n" in dump
    assert dump.endswith("return u__phi_v2")


def test_nested_ifs_merge_inside_out_and_an_elif_is_a_nested_if():
    dump = compile_text(
        program(f"""\
        @pl.function(type=pl.FunctionType.InCore)
        def main(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> {TILE}:
            t: {TILE} = pl.load(a, [0, 0], [64, 64])
            k: pl.Scalar[pl.INDEX] = n + 1
            if n > 4:
                if k < 8 and n != 5:
                    t = pl.mul(t, 2.0)
                elif k == 9:
                    t = pl.mul(t, 4.0)
                k: pl.Scalar[pl.INDEX] = k + 1
            return t
        """)
    )
    assert body_of(dump) == textwrap.dedent(f"""\
        t__ssa_v0: {LOADED} = pl.tile.load(a__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        k__ssa_v0: pl.Scalar[pl.INDEX] = n__ssa_v0 + 1
        if n__ssa_v0 > 4:
            if k__ssa_v0 < 8 and n__ssa_v0 != 5:
                t__ssa_v1: {VEC} = pl.tile.muls(t__ssa_v0, 2.0)
                t__phi_v4: {VEC} = pl.yield_(t__ssa_v1)
            else:
                if k__ssa_v0 == 9:
                    t__ssa_v2: {VEC} = pl.tile.muls(t__ssa_v0, 4.0)
                    t__phi_v3: {VEC} = pl.yield_(t__ssa_v2)
                else:
                    t__phi_v3: {VEC} = pl.yield_(t__ssa_v0)
                t__phi_v4: {VEC} = pl.yield_(t__phi_v3)
            k__ssa_v1: pl.Scalar[pl.INDEX] = k__ssa_v0 + 1
            k__phi_v2, t__phi_v5 = pl.yield_(k__ssa_v1, t__phi_v4)
        else:
            k__phi_v2, t__phi_v5 = pl.yield_(k__ssa_v0, t__ssa_v0)
        return t__phi_v5
    """)
    assert_round_trip(dump)


def test_an_if_in_a_loop_merges_the_carried_value_it_reassigns():
    dump = compile_text(
        program(f"""\
        @pl.function
        def main(self, x: {T64}) -> {T64}:
            init: {T64} = pl.mul(x, 1.0)
            for i, (acc,) in pl.range(4, init_values=(init,)):
                if i == 0:
                    acc = pl.mul(acc, 2.0)
                r = pl.yield_(acc)
            return r
        """)
    )
    assert body_of(dump) == textwrap.dedent(f"""\
        init__ssa_v0: {T64} = pl.tensor.muls(x__ssa_v0, 1.0)
        for i__idx_v0, (acc,) in pl.range(4, init_values=(init__ssa_v0,)):
            if i__idx_v0 == 0:
                acc__ssa_v0: {T64} = pl.tensor.muls(acc, 2.0)
                acc__phi_v1: {T64} = pl.yield_(acc__ssa_v0)
            else:
                acc__phi_v1: {T64} = pl.yield_(acc)
            r: {T64} = pl.yield_(acc__phi_v1)
        return r
    """)
    assert_round_trip(dump)


def test_an_ifs_own_yields_give_one_return_var_read_after_it():
    # test_if_in_loop_both_branches of the real test_convert_to_ssa_pass.py
    dump = compile_text(
        program(f"""\
        @pl.function
        def main(self, x: {T64}) -> {T64}:
            init: {T64} = pl.create_tensor([64], dtype=pl.FP32)
            for i, (acc,) in pl.range(5, init_values=(init,)):
                if i == 0:
                    val = pl.mul(acc, 2.0)
                    out = pl.yield_(val)
                else:
                    val2 = pl.add(acc, x)
                    out = pl.yield_(val2)
                result = pl.yield_(out)
            return result
        """)
    )
    assert body_of(dump) == textwrap.dedent(f"""\
        init__ssa_v0: {T64} = pl.tensor.create([64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for i__idx_v0, (acc,) in pl.range(5, init_values=(init__ssa_v0,)):
            if i__idx_v0 == 0:
                val__ssa_v0: {T64} = pl.tensor.muls(acc, 2.0)
                out__rv_v0: {T64} = pl.yield_(val__ssa_v0)
            else:
                val2__ssa_v0: {T64} = pl.tensor.add(acc, x__ssa_v0)
                out__rv_v0: {T64} = pl.yield_(val2__ssa_v0)
            result: {T64} = pl.yield_(out__rv_v0)
        return result
    """)
    assert_round_trip(dump)
    assert compile_text(dump) == dump  # a dump's names are kept: the pass changes nothing


def test_a_merge_inside_a_scope_is_captured_by_the_outlined_kernel():
    source = program(f"""\
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: {T64}, f: pl.Scalar[pl.INDEX], out: pl.Out[{T64}]) -> {T64}:
            y: {T64} = pl.mul(x, 2.0)
            with pl.at(level=pl.Level.CORE_GROUP):
                if f > 0:
                    y = pl.add(y, x)
                else:
                    y = pl.exp(y)
                out = pl.assemble(out, y, [0])
            return out
    """)
    dump = compile_text(source, "9")
    assert "def main_incore_0(f__ssa_v0: pl.Scalar[pl.INDEX], y__ssa_v0: " in dump
    assert "pl.tensor.assemble(out__ssa_v0, y__phi_v3, [0])" in dump
    assert "self.main_incore_0(f__ssa_v0, y__ssa_v0, x__ssa_v0, out__ssa_v0)" in dump
    assert_round_trip(dump)


SPEC_EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "spec" / "pypto-examples"


@pytest.mark.skipif(not SPEC_EXAMPLES.is_dir(), reason="no ../shared/spec beside the repository")
def test_a_loop_carries_what_its_body_reassigns_as_the_real_dump_names_it():
    """`out[r:r + 64, :] = ...` in a loop makes `out` loop-carried (the real `ConvertFor`):
    an iter_arg `out__iter_v1` from `out__ssa_v0`, a return var `out__rv_v2`, and the
    kernel outlined in the loop takes `out__iter_v1` (In), as the real pass-9 dump of
    EltwiseDemo (recorded in ../shared/spec/pypto-examples) prints them."""
    real = (SPEC_EXAMPLES / "EltwiseDemo" / "09_after_OutlineIncoreScopes.py").read_text()
    ours = run_pto_lsp("compile", str(SPEC_EXAMPLES / "demo_progs.py"), "--after", "9").stdout
    loop = "for r__idx_v0, (out__iter_v1,) in pl.range(0, 128, 64, init_values=(out__ssa_v0,)):"
    assert loop in real and loop in ours
    assert "out__rv_v2: pl.Tensor[[128, 128], pl.FP32] = pl.yield_(" in ours
    assert "return out__rv_v2" in real and "return out__rv_v2" in ours
    # The kernel's parameter: In, as the real outliner leaves an iter_arg it assembles into
    # (it matches a destination as a plain Var only).
    param = "out__iter_v1: pl.Tensor[[128, 128], pl.FP32]) -> pl.Tensor[[128, 128], pl.FP32]:"
    assert param in real and param in ours


def test_a_loops_own_iter_args_and_results_keep_their_names():
    """The real `ConvertFor` rebuilds an explicit iter_arg and return var with its name
    hint (the real codegen's `%acc_pview` of test_ctrl_flow.py's kernel_add_yield)."""
    dump = compile_text(
        program(f"""\
        @pl.function
        def main(self, x: {T64}) -> {T64}:
            for i, (acc,) in pl.range(4, init_values=(x,)):
                y = pl.add(acc, x)
                r = pl.yield_(y)
            return r
        """)
    )
    assert body_of(dump) == textwrap.dedent(f"""\
        for i__idx_v0, (acc,) in pl.range(4, init_values=(x__ssa_v0,)):
            y__ssa_v0: {T64} = pl.tensor.add(acc, x__ssa_v0)
            r: {T64} = pl.yield_(y__ssa_v0)
        return r
    """)
    assert_round_trip(dump)


def test_each_loop_counts_its_target_from_zero():
    """A loop target is a variable of its own (the real parser's): two sibling
    `for hb in ...` loops both bind `hb__idx_v0`, as the real rms_norm.pto shows (its
    second loop's index is `%5`, the name being taken), and a later loop that assigns a
    name only an earlier loop's body bound does not carry it."""
    dump = compile_text(
        program(f"""\
        @pl.function
        def main(self, x: {T64}) -> {T64}:
            for hb in pl.range(4):
                y = pl.mul(x, 2.0)
            for hb in pl.range(4):
                y = pl.add(x, x)
            return x
        """)
    )
    # Two variables of one name: the real printer writes the second `hb__idx_v0_1` (as the
    # real dumps do: 001's `kb__idx_v0_1`).
    assert body_of(dump).count("for hb__idx_v0 in pl.range(4):") == 1
    assert body_of(dump).count("for hb__idx_v0_1 in pl.range(4):") == 1
    assert "init_values" not in dump
