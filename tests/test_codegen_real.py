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
from real_mlir import DATA, Judged, judge_all, load_index, our_modules

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")

# Measured: the kernels equal to the real module byte for byte (docs/codegen.md).
BYTE_EQUAL = {
    "pypto-lib/examples/beginner/hello_world.py": ["hello_world.add_scalar"],
    "pypto-lib/examples/intermediate/rms_norm.py": ["rms_norm.rms_norm_rows"],
    "pypto-lib/examples/intermediate/softmax.py": ["softmax.softmax_rows"],
    "pypto-lib/models/deepseek_v3_2/decode_back.py": [
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_0",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_1",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_2",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_5",
        "DeepSeekV32DecodeBack.deepseek_v3_2_decode_back_layer_incore_7",
    ],
    "pypto-lib/models/qwen3_32b/decode.py": ["Qwen3Decode.silu"],
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
NOT_EMITTED_LINE = re.compile(r"^pto-lsp compile: (\S+):(\d+): kernel '(\w+)' \((.*)\) not emitted: (.+)$")


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
    `FILE:LINE: kernel 'k' (program 'P', line N) not emitted: <what is missing>`."""
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
