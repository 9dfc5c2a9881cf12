"""Every PTO MLIR module `pto-lsp compile --emit mlir` prints is the real compiler's.

The real compiler's `.pto` files of the corpus programs are test data
(`tests/data/real_pto/`, see `tests/real_mlir.py`); the corpus files are read in place.
For every kernel of those files:

- a kernel we emit has a real counterpart and has its operations, in order, with the
  same types, shapes and operands (SSA names, constant order and tile addresses aside),
  and is equal byte for byte where `BYTE_EQUAL` says so;
- a kernel we do not emit says why, on stderr, in the user's terms.
"""

from __future__ import annotations

import re

import pytest
from conftest import CORPUS, run_pto_lsp
from real_mlir import DATA, Judged, judge_all, load_index, our_modules, without_loc

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")

# Measured: the kernels equal to the real module byte for byte (docs/codegen.md).
BYTE_EQUAL = {
    "pypto-lib/examples/beginner/hello_world.py": ["hello_world.add_scalar"],
    "pypto-lib/examples/beginner/matmul.py": ["matmul.matmul_tile"],
    "pypto-lib/examples/intermediate/rms_norm.py": ["rms_norm.rms_norm_rows"],
    "pypto-lib/examples/intermediate/softmax.py": ["softmax.softmax_rows"],
    "pypto-lib/models/deepseek_v3_2/decode_back.py": [
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_0",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_3",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_4",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_6",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_1",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_2",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_5",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_7",
    ],
    "pypto-lib/models/qwen3_32b/decode.py": [
        "Qwen3Decode.qk_matmul",
        "Qwen3Decode.sv_matmul",
        "Qwen3Decode.post_rmsnorm",
        "Qwen3Decode.rmsnorm",
        "Qwen3Decode.silu",
    ],
    "pypto/examples/advanced/01_split_k.py": ["matmul_split_k.zero_init"],
    "pypto/examples/beginner/01_hello_world.py": ["tile_add.tile_add_incore_0"],
    "pypto/examples/beginner/02_elementwise.py": [
        "tile_add_128.tile_add_128_incore_0",
        "tile_mul_128.tile_mul_128_incore_0",
        "tile_add_64.tile_add_64_incore_0",
        "tile_mul_64.tile_mul_64_incore_0",
        "chunked_add.chunked_add_incore_0",
    ],
    "pypto/examples/beginner/05_matmul.py": ["matmul_64.matmul_64_incore_0"],
    "pypto/examples/distributed/01_hello_rank.py": [
        "hello_rank.add_rank",
        "add_rank.add_rank",
        "per_rank.add_rank",
    ],
    "pypto/examples/intermediate/01_fused_linear.py": [
        "fused_matmul_bias._matmul_kernel_64x64",
        "fused_matmul_bias._add_bias_kernel_64x64",
        "fused_linear_relu._matmul_kernel_64x64",
        "fused_linear_relu._add_bias_relu_kernel_64x64",
    ],
    "pypto/examples/intermediate/02_softmax.py": ["tile_softmax.tile_softmax_incore_0"],
    "pypto/examples/intermediate/04_matmul_acc.py": ["matmul_acc_64.matmul_acc_64_incore_0"],
    "pypto/examples/intermediate/07_task_graph.py": [
        "inferred_edge.stage1",
        "inferred_edge.stage2",
        "declared_edge.stage1",
        "declared_edge.stage2",
    ],
    "pypto/examples/models/01_ffn.py": [
        "ffn_gelu.matmul_kernel",
        "ffn_gelu.gelu_kernel",
        "ffn_swiglu.matmul_kernel",
        "ffn_swiglu.swiglu_kernel",
        "ffn_relu.matmul_kernel",
        "ffn_relu.relu_kernel",
    ],
    "pypto/examples/models/04_paged_attention.py": [
        "PagedAttentionProgram.kernel_pv_matmul",
        "PagedAttentionProgram.kernel_qk_matmul",
        "PagedAttentionProgram.kernel_init_inplace",
        "PagedAttentionProgram.kernel_online_update",
        "PagedAttentionProgram.kernel_softmax_prepare",
        "PagedAttentionUnalignedProgram.kernel_pv_matmul",
        "PagedAttentionUnalignedProgram.kernel_qk_matmul",
        "PagedAttentionUnalignedProgram.kernel_init_inplace",
        "PagedAttentionUnalignedProgram.kernel_online_update",
    ],
    "pypto/examples/runtime/distributed_callback.py": ["InspectProgram.tile_add"],
    "pypto/examples/utils/cross_function_calls.py": [
        "main_kernel.main_kernel_incore_0",
        "main_kernel.main_kernel_incore_1",
    ],
    "pypto/examples/utils/phase_fence_dep_compression.py": [
        "ChainedSnapshotPhaseFence.kernel_stripe",
        "ChainedSnapshotManualDummyPhaseFence.kernel_stripe",
    ],
    "pypto/tests/st/distributed/test_l3_distributed.py": [
        "L3DependencyProgram.tile_add",
        "L3DependencyInlineProgram.host_orch_chip_orch_0_incore_0",
        "L3DependencyInlineProgram.host_orch_chip_orch_1_incore_0",
    ],
    "pypto/tests/st/runtime/control_flow/test_ctrl_flow.py": [
        "ForLoopAddProgram.kernel_add_loop",
        "ForLoopMulProgram.kernel_mul_loop",
        "ForLoopYieldAddProgram.kernel_add_yield",
        "ForLoopYieldTileAccumProgram.kernel_tile_accum",
        "IfYieldTensorProgram.kernel_if_yield",
        "ForIfElseNestedProgram.kernel_for_if_else",
        "WhileLoopAddProgram.kernel_while_add",
        "ForLoopContinueProgram.kernel_continue",
        "OrchRangeCarryRebindProgram.kernel_add_one",
        "OrchRangeCarryRebindProgram.kernel_copy",
    ],
    "pypto/tests/st/runtime/cross_core/test_syncall.py": [
        "SPMDSyncAllSoftProgram.spmd_syncall_soft_add",
        "SPMDSyncAllAicSoftProgram.aic_syncall",
    ],
    "pypto/tests/st/runtime/cross_core/test_spmd.py": [
        "SPMDAddProgram.spmd_add",
        "SPMDMulProgram.spmd_mul",
        "SPMDThreeSubmitProgram.spmd_add",
        "SPMDThreeSubmitProgram.spmd_mul",
        "SPMDThreeSubmitProgram.spmd_sub",
        "SPMDEscalating5Program.kernel_add",
        "SPMDSyncStartProgram.spmd_add",
        "SPMDSyncStartMixedProgram.kernel_add",
    ],
    "pypto/tests/st/runtime/ops/test_elementwise_nd.py": [
        "Tile4DMulPartialProgram.kernel",
        "Tile4DQuadrantProgram.kernel",
        "Tile4DTopToBottomProgram.kernel",
        "Tile2DStoreTo3DProgram.kernel",
        "TensorAssemble2DTo3DProgram.compute",
    ],
    "pypto/tests/st/runtime/ops/test_matmul_acc_init_cond.py": [
        "MatmulAccInitCondProgram.matmul_acc_split_k"
    ],
    "pypto/tests/st/runtime/scheduling/test_at_name_hint.py": ["AtNameHintProgram.GetKVCache"],
    "pypto/tests/st/runtime/scheduling/test_pl_at_deps_pipeline.py": [
        "PlAtDepsPipelineProgram.stage1",
        "PlAtDepsPipelineProgram.stage2",
        "PhaseFencePlAtDeps.kernel_stripe",
        "BranchChainPlAtDeps.kernel_stripe",
    ],
}
NOT_EMITTED_LINE = re.compile(
    r"^pto-lsp compile: (\S+):(\d+): (?:kernel|the kernels of (?:program|@pl\.jit(?:\.\w+)? function)) '(\w+)' "
    r"\((.*)\) not emitted: (.+)$"
)


@pytest.fixture(scope="module")
def judged() -> list[Judged]:
    return judge_all()


def test_the_recorded_real_modules_are_all_there():
    index = load_index()
    kernels = [
        kernel for entry in index.values() for program in entry["programs"] for kernel in program["kernels"]
    ]
    assert len(kernels) == 164
    assert all((DATA / kernel["path"]).is_file() for kernel in kernels)


def test_no_emitted_kernel_differs_from_the_real_one(judged: list[Judged]):
    assert [j.describe() for j in judged if j.verdict == "differ"] == []


def test_the_byte_equal_kernels_are_equal_byte_for_byte(judged: list[Judged]):
    found: dict[str, list[str]] = {}
    for j in judged:
        if j.verdict == "byte":
            found.setdefault(j.real.file, []).append(f"{j.real.program}.{j.real.function}")
    assert found == BYTE_EQUAL


def test_every_kernel_we_emit_is_a_real_kernel(judged: list[Judged]):
    """No module of ours goes unchecked: each is matched to a real module by its program
    and name (a module-level kernel a program calls is compiled into that program)."""
    index = load_index()
    for file in index:
        if not (CORPUS / file).is_file():
            continue
        ours = our_modules(file)
        real = {
            (p["name"] if p["kind"] == "program" else None, k["function"])
            for p in index[file]["programs"]
            for k in p["kernels"]
        }
        real_names = {name for _, name in real}
        for (program, name), (text, _) in ours.items():
            if text is not None:
                assert (program, name) in real or (program is None and name in real_names), (
                    file,
                    program,
                    name,
                )


def test_each_kernel_not_emitted_says_why_on_stderr():
    """Through the CLI: every InCore kernel is either a module on stdout or one stderr line
    `FILE:LINE: kernel 'k' (program 'P', line N) not emitted: <what is missing>`; the
    kernels of a definition that are not known (a pass refused it before the outliners
    named them), one line `FILE:LINE: the kernels of program 'P' (line N) not emitted: ...`."""
    for file in load_index():
        path = CORPUS / file
        if not path.is_file():
            continue
        proc = run_pto_lsp("compile", "--emit", "mlir", str(path))
        assert "Traceback" not in proc.stderr
        emitted = [block.partition("\n")[0] for block in proc.stdout.split("// kernel: ")[1:]]
        missing = [NOT_EMITTED_LINE.match(line) for line in proc.stderr.splitlines() if "not emitted" in line]
        assert all(match is not None and match.group(5).strip() for match in missing), proc.stderr
        ours = our_modules(file)
        assert sorted(emitted) == sorted(name for (_, name), (text, _) in ours.items() if text is not None)
        assert proc.returncode == (1 if missing else 0)


@pytest.mark.parametrize(
    ("file", "kernel", "why"),
    [
        ("pypto/tests/st/runtime/cross_core/test_spmd.py", "matmul_bias", "a mixed kernel"),
        ("pypto/tests/st/runtime/control_flow/test_ctrl_flow.py", "kernel_break", "stops before codegen"),
    ],
)
def test_a_kernel_we_would_get_wrong_is_not_emitted(file: str, kernel: str, why: str):
    """Loads of column vectors (DN layout, column-major tiles), mixed cube/vector kernels
    (split into AIC and AIV) and programs the real pipeline rejects used to be printed
    wrong, or at all."""
    proc = run_pto_lsp("compile", "--emit", "mlir", str(CORPUS / file))
    assert f"// kernel: {kernel}\n" not in proc.stdout
    assert any(f"kernel '{kernel}'" in line and why in line for line in proc.stderr.splitlines()), proc.stderr


COLUMN_VECTOR_KERNEL = """\
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 1], pl.FP32], c: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> pl.Tensor[[16, 1], pl.FP32]:
        t: pl.Tile[[16, 1], pl.FP32] = pl.load(a, [0, 0], [16, 1])
        return pl.store(t, [0, 0], c)
"""


def test_a_load_of_a_column_vector_makes_a_column_major_tile(tmp_path):
    """A [16, 1] tensor is DN (strides [1, 16]); a load of it makes a column-major tile (the
    real one: `tests/data/mlir_cases/column_vectors.py`'s `col_copy`)."""
    path = tmp_path / "kernel.py"
    path.write_text(COLUMN_VECTOR_KERNEL, encoding="utf-8")
    proc = run_pto_lsp("compile", "--emit", "mlir", str(path))
    assert "strides = [%c1_index, %c16_index] {layout = #pto.layout<dn>}" in proc.stdout
    assert "rows=16, cols=1, v_row=?, v_col=?, blayout=col_major, slayout=none_box" in proc.stdout
    assert proc.returncode == 0


def test_a_store_in_a_return_statement_is_emitted():
    """`return pl.store(tile_f, [0, 0], f)` writes the kernel's output: a partition view
    and a `pto.tstore` (it used to be left out)."""
    proc = run_pto_lsp(
        "compile", "--emit", "mlir", str(CORPUS / "pypto/examples/runtime/distributed_callback.py")
    )
    [module] = proc.stdout.split("// kernel: tile_add\n")[1:]
    assert "pto.tstore ins(%tile_f__ssa_v0" in module
    assert "%f__ssa_v0_pview = pto.partition_view %f__ssa_v0_view" in module


JIT_SCALAR_KERNEL = """\
import sys

import pypto.language as pl
import torch


@pl.jit
def scale(
    x: pl.Tensor[[64, 64], pl.FP32],
    a: pl.Scalar[pl.FP32],
    y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scaled"):
        y[0:64, 0:64] = pl.mul(x[0:64, 0:64], a)
    return y


if __name__ == "__main__":
    x = torch.randn(64, 64)
    y = torch.zeros(64, 64)
    scale(x, {value}, y)
"""


def test_a_jit_scalar_the_file_calls_with_a_static_value_is_specialised():
    """The real `@pl.jit` writes a scalar argument's value in the body before the parse
    (pypto-lib's hello_world calls `add_scalar` through `run_jit` with `a = 1.0`): the real
    kernel has no scalar argument and an `arith.constant 1.0` (tests/data/real_pto)."""
    proc = run_pto_lsp(
        "compile", "--emit", "mlir", str(CORPUS / "pypto-lib/examples/beginner/hello_world.py")
    )
    [module] = proc.stdout.split("// kernel: add_scalar\n")[1:]
    assert "%arg3: index) attributes" in module and "%arg4" not in module
    assert "%cst_7 = arith.constant 1.00000000000000000e+00 : f32" in module
    assert "pto.tadds ins(%tile_x__tile, %cst_7 :" in module


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("2.0", None),
        ("float(sys.argv[1])", "which is not static in the file's `__main__`"),
    ],
)
def test_a_jit_scalar_is_a_constant_or_the_kernel_is_not_emitted(tmp_path, value: str, why: str | None):
    path = tmp_path / "kernel.py"
    path.write_text(JIT_SCALAR_KERNEL.format(value=value), encoding="utf-8")
    proc = run_pto_lsp("compile", "--emit", "mlir", str(path))
    if why is None:
        assert "arith.constant 2.00000000000000000e+00 : f32" in proc.stdout
        assert ": f32) attributes" not in proc.stdout  # no scalar argument
        assert proc.returncode == 0
    else:
        assert proc.stdout == ""
        assert "the real @pl.jit specialises the scalar parameter 'a' of 'scale'" in proc.stderr
        assert why in proc.stderr
        assert proc.returncode == 1


def test_a_jit_scalar_of_an_entry_the_file_never_calls_is_not_emitted(tmp_path):
    path = tmp_path / "kernel.py"
    path.write_text(JIT_SCALAR_KERNEL.format(value="2.0").partition("if __name__")[0], encoding="utf-8")
    proc = run_pto_lsp("compile", "--emit", "mlir", str(path))
    assert proc.stdout == ""
    assert "and the file's `__main__` does not call 'scale'" in proc.stderr


def test_a_cluster_is_emitted_as_the_module_of_its_group():
    """The real codegen writes a Group's kernels in one module named after the Group: a
    `pl.cluster` holding one InCore kernel is `kernels/<parent>_cluster_<n>.pto`
    (tests/data/real_pto_cases: the real compiler's module of our small program)."""
    cases = DATA.parent / "real_pto_cases"
    proc = run_pto_lsp("compile", "--emit", "mlir", str(cases / "cluster_add.py"))
    real = without_loc((cases / "cluster_add.orchestrator_cluster_0.pto").read_text(encoding="utf-8"))
    assert proc.stdout == f"// kernel: orchestrator_cluster_0\n{real}"
    assert proc.returncode == 0


def test_a_group_of_an_aic_and_an_aiv_kernel_says_why_it_is_not_emitted():
    proc = run_pto_lsp(
        "compile", "--emit", "mlir", str(CORPUS / "pypto/tests/st/runtime/cross_core/test_cross_core.py")
    )
    assert "// kernel: group_func\n" not in proc.stdout
    assert (
        "kernel 'group_func' (program 'MultiPipeNoSplitProgram', line 709) not emitted: the module of group "
        "'group_func' holds the kernels 'cube_multi_pipe' (AIC), 'vector_multi_pipe' (AIV)"
    ) in proc.stderr


def test_scopes_sharing_a_name_hint_are_named_as_the_real_outliner_names_them():
    """Two scopes of one function asking for one name: the second is `<name>_0`; a scope of
    another function asking for a name already taken is `<function>_<name>`
    (tests/data/real_pto_cases: the real compiler's modules of our small program)."""
    cases = DATA.parent / "real_pto_cases"
    proc = run_pto_lsp("compile", "--emit", "mlir", str(cases / "same_hint.py"))
    expected = "".join(
        f"// kernel: {name}\n" + without_loc((cases / f"same_hint.{name}.pto").read_text(encoding="utf-8"))
        for name in ("step", "step_0", "second_step")
    )
    assert proc.stdout == expected


def test_a_jit_entry_is_compiled_with_the_inline_helpers_it_calls():
    """The real `@pl.jit` compiles an entry with its `@pl.jit.inline` helpers: each call is
    spliced (a helper binding two variables numbers them `u_inline0`, `t_inline1`), and the
    helper's scope is outlined from the entry once per call: `scale`, `scale_0`, `scale_1`
    (tests/data/real_pto_cases: the real compiler's modules of our small file)."""
    cases = DATA.parent / "real_pto_cases"
    proc = run_pto_lsp("compile", "--emit", "mlir", str(cases / "jit_helpers.py"))
    expected = "".join(
        f"// kernel: {name}\n" + without_loc((cases / f"jit_helpers.{name}.pto").read_text(encoding="utf-8"))
        for name in ("scale", "scale_0", "scale_1")
    )
    assert proc.stdout == expected
    assert proc.returncode == 0


def test_a_jit_entry_whose_helper_binds_three_variables_names_its_kernels_and_says_why(tmp_path):
    """The real InlineFunctions numbers three or more variables in an order that follows
    their addresses: the kernels are named, not emitted."""
    source = (DATA.parent / "real_pto_cases" / "jit_helpers.py").read_text(encoding="utf-8")
    path = tmp_path / "kernel.py"
    path.write_text(source.replace("u = pl.mul(t, 3.0)", "v = pl.mul(t, 3.0)\n        u = pl.add(v, v)"))
    proc = run_pto_lsp("compile", "--emit", "mlir", str(path))
    assert proc.stdout == ""
    for name in ("scale", "scale_0", "scale_1"):
        assert any(
            f"kernel '{name}' (line " in line and "an order that follows their addresses" in line
            for line in proc.stderr.splitlines()
        ), proc.stderr


def test_a_jit_entry_calling_helpers_of_another_module_says_its_kernels_are_not_known():
    proc = run_pto_lsp(
        "compile", "--emit", "mlir", str(CORPUS / "pypto/examples/models/qwen3_jit/qwen3_decode.py")
    )
    assert proc.stdout == ""
    assert "the kernels of @pl.jit function 'qwen3_decode' (line 50) not emitted: 'qwen3_decode' calls" in (
        proc.stderr
    )
    assert "imported from another module, which pto-lsp does not read" in proc.stderr


@pytest.mark.parametrize(
    ("file", "entry", "why"),
    [
        # `hc_pre` is defined twice, in the branches of a plain function the file calls.
        (
            "pypto-lib/models/deepseek_v4_pro/hc_pre.py",
            "hc_pre_test",
            "calls a function the file defines more than once: 'hc_pre' (lines 830, 843)",
        ),
        # Its shapes and loop counts are constants of another module (`from config import`):
        # its plain ints fold (`B`), the sizes of `ACTIVE` do not (the config picks it from
        # the command line or the environment when it runs).
        (
            "pypto-lib/models/deepseek_v4_pro/decode_sparse_attn.py",
            "sparse_attn_test",
            "it reads `CMP_TOPK`, ",
        ),
    ],
)
def test_a_jit_entry_whose_kernels_are_not_known_says_why(file: str, entry: str, why: str):
    proc = run_pto_lsp("compile", "--emit", "mlir", str(CORPUS / file))
    assert "Traceback" not in proc.stderr
    assert any(
        f"the kernels of @pl.jit function '{entry}'" in line and why in line
        for line in proc.stderr.splitlines()
    ), proc.stderr


def test_an_inline_helper_no_entry_calls_has_no_kernel_of_its_own(tmp_path):
    """The real `helper.compile()` writes no kernel (tests/data/real_pto: `rms_norm`,
    `scaled`): its scope becomes a kernel only in an entry that calls it, named there."""
    source = (DATA.parent / "real_pto_cases" / "jit_helpers.py").read_text(encoding="utf-8")
    path = tmp_path / "kernel.py"
    path.write_text(source.partition("@pl.jit\ndef three_scales")[0], encoding="utf-8")
    proc = run_pto_lsp("compile", "--emit", "mlir", str(path))
    assert proc.stdout == ""
    assert (
        "the kernels of @pl.jit.inline function 'scaled' (line 6) not emitted: a @pl.jit.inline helper"
        in (proc.stderr)
    )


def test_every_kernel_printed_for_several_jit_entries_is_a_real_one():
    """Four entries in one file, compiled in one process as its `__main__` calls them
    (tests/data/real_pto_cases/jit_variants/: `<NN>_<entry>.<kernel>.pto`). The real
    InlineFunctions numbers spliced variables with one counter for the whole process, and
    in an order of its own when a helper calls another helper; an entry with an opaque
    helper fails to compile. Every module we print is one of the real ones, byte for byte;
    those whose `_inline<n>` names are not known say so."""
    cases = DATA.parent / "real_pto_cases"
    real: dict[str, list[str]] = {}
    for path in sorted((cases / "jit_variants").glob("*.pto")):
        real.setdefault(path.name.split(".")[1], []).append(without_loc(path.read_text(encoding="utf-8")))
    proc = run_pto_lsp("compile", "--emit", "mlir", str(cases / "jit_variants.py"))
    printed = [block.partition("\n") for block in proc.stdout.split("// kernel: ")[1:]]
    assert sorted(name for name, _, _ in printed) == ["bump", "halve", "oscale"]
    for name, _, text in printed:
        assert text in real[name], name
    assert "the numbers of 'mixed' start depends on the order the file compiles them" in proc.stderr
    assert "an Inline function calling another" in proc.stderr
    assert "the kernels of @pl.jit function 'with_opaque' (line 49) not emitted" in proc.stderr


@pytest.mark.parametrize(
    ("case", "printed"),
    [
        # A scalar the entry is called with, passed on to its inline helper.
        ("a_scalar", ["scaled_by"]),
        # The helper called in a loop with `i * 64`: an argument InlineFunctions does not model.
        ("b_loop", []),
        # An incore helper called twice (its result typed as the specializer annotates it),
        # and a scope of the entry's own reading that result.
        ("c_incore_twice", ["neg", "entry_incore_0"]),
        # A helper's `pl.spmd(name_hint=...)`, binding two variables (`t_inline0`, `r_inline1`).
        ("d_spmd", ["spmd_exp"]),
        # An entry's own `pl.cluster`: the module of its Group.
        ("e_cluster", ["entry_cluster_0"]),
    ],
)
def test_a_jit_entry_of_our_own_prints_only_the_real_modules(case: str, printed: list[str]):
    """tests/data/real_pto_cases/jit_one_entry/: small files of ours with one `@pl.jit`
    entry each, and the modules the real compiler wrote for them (`<case>.<NN>_<program>.
    <kernel>.pto`, as `tests/record_real_pto.py --worker` recorded them)."""
    cases = DATA.parent / "real_pto_cases" / "jit_one_entry"
    real: dict[str, list[str]] = {}
    for path in cases.glob(f"{case}.*.pto"):
        real.setdefault(path.name.split(".")[2], []).append(without_loc(path.read_text(encoding="utf-8")))
    proc = run_pto_lsp("compile", "--emit", "mlir", str(cases / f"{case}.py"))
    modules = [block.partition("\n") for block in proc.stdout.split("// kernel: ")[1:]]
    assert sorted(name for name, _, _ in modules) == sorted(printed), proc.stderr
    for name, _, text in modules:
        assert text in real[name], name
    assert all(name in real for name in printed)


def test_a_jit_entry_the_file_calls_through_a_loop_over_its_entries_is_specialised(tmp_path):
    """`for name, kernel in MODES.items(): kernel(x, 2.0, y)` calls each entry of the
    module-level dict (07_task_graph's `_MODES`): each is specialised from that call."""
    source = JIT_SCALAR_KERNEL.format(value="2.0").replace(
        "    scale(x, 2.0, y)\n", "    for name, kernel in MODES.items():\n        kernel(x, 2.0, y)\n"
    )
    source = source.replace(
        'if __name__ == "__main__":', 'MODES = {"scale": scale}\n\n\nif __name__ == "__main__":'
    )
    path = tmp_path / "kernel.py"
    path.write_text(source, encoding="utf-8")
    proc = run_pto_lsp("compile", "--emit", "mlir", str(path))
    assert "arith.constant 2.00000000000000000e+00 : f32" in proc.stdout, proc.stderr
    assert proc.returncode == 0


def test_kernels_of_two_programs_splicing_inline_functions_are_not_emitted():
    """The real InlineFunctions counter runs across the programs a process compiles: the
    second program's spliced `t` is `t_inline1` (tests/data/real_pto_cases/
    inline_two_programs.*.pto, both compiled in one process as the file defines them);
    which program comes first is the file's run's to say: neither kernel is printed."""
    cases = DATA.parent / "real_pto_cases"
    second = (cases / "inline_two_programs.01_Second.bump.pto").read_text(encoding="utf-8")
    assert "%t_inline1__ssa_v0 = pto.alloc_tile" in second
    proc = run_pto_lsp("compile", "--emit", "mlir", str(cases / "inline_two_programs.py"))
    assert proc.stdout == ""
    for program, other in (("First", "Second"), ("Second", "First")):
        assert any(
            f"kernel 'bump' (program '{program}'" in line and f"and '{other}' of this file splice too" in line
            for line in proc.stderr.splitlines()
        ), proc.stderr


@pytest.mark.parametrize(
    ("case", "printed"),
    [
        # A program's kernel of tensors [M, 256]: M is the kernel's trailing `%arg3: index`.
        ("dynamic_rows", ["add_rows"]),
        # An entry binding its tensors' rows (`bind_dynamic`); its incore helper reads them
        # with `pl.tensor.dim`, which is that index.
        ("jit_incore_helper", ["scale_rows"]),
        # Inline helpers binding several variables: their names are not known, not printed.
        ("jit_rms_norm", []),
        ("jit_column_rows", []),
    ],
)
def test_a_kernel_of_tensors_with_a_dynamic_dim_prints_the_real_module(case: str, printed: list[str]):
    """tests/data/memory_cases/dynamic/: the real compiler passes each `pl.dynamic` dim of
    the tensor parameters to the kernel as an index after its other arguments, and the
    tensors' views read it (`<case>.<Program>.<kernel>.pto`, `python tests/real_memory.py
    --record-dynamic`)."""
    cases = DATA.parent / "memory_cases" / "dynamic"
    real = {path.name.split(".")[2]: path.read_text(encoding="utf-8") for path in cases.glob(f"{case}.*.pto")}
    proc = run_pto_lsp("compile", "--emit", "mlir", str(cases / f"{case}.py"))
    modules = [block.partition("\n") for block in proc.stdout.split("// kernel: ")[1:]]
    assert [name for name, _, _ in modules] == printed, proc.stderr
    for name, _, text in modules:
        assert text == real[name], name
