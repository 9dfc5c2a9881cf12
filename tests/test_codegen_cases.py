"""`pto-lsp compile --emit mlir` on kernels of our own, held to the real compiler's PTO MLIR
of the same files (`tests/data/mlir_cases/`, recorded by `tests/record_mlir_cases.py`): the
forms the corpus shows once or not at all (if/else with the tiles it yields, while loops
carrying scalars), in variants the corpus does not have."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_pto_lsp

CASES = Path(__file__).resolve().parent / "data" / "mlir_cases"


def _modules(stdout: str) -> dict[str, str]:
    """Kernel name -> its module, from `compile --emit mlir`'s `// kernel: NAME` blocks."""
    modules = {}
    for block in stdout.split("// kernel: ")[1:]:
        name, _, text = block.partition("\n")
        modules[name.strip()] = text
    return modules


# Kernels of the cases whose real form the emitter does not reproduce ("<case>/<kernel>"):
# not emitted, and why.
NOT_EMITTED: dict[str, str] = {
    "control_flow_more/nested": "an if's tile result not made by an op in each of its branches is not modelled",
    "control_flow_more/outer_tile": "an if's tile result not made by an op in each of its branches is not modelled",
    "control_flow_more/while_tile": "a while loop carrying the tile 'acc' is not modelled yet",
    "control_flow_more/acc_if": "a loop carrying an if's tile result is not modelled yet",
    # InferTileMemorySpace moves the Acc tile `tz` to Vec for tile.add: a move across the
    # cube/vector divide, and the kernel a mixed one (the real .pto: kernel_aic, kernel_aiv).
    # LegalizeTileCast: fp32 -> uint8 has no native pto.tcvt, it goes through an fp16 temporary.
    "cast_chain/narrow": "a cast from f32 to ui8 has no native pto.tcvt",
    "small_r3_add_acc_tile/kernel": "a mixed kernel: its cube ops (tile.move, line 16) and vector ops",
    # MemoryReuse moves `same` (in `nxt`'s buffer) into the carried buffer: `same__ssa_v0_mv`.
    "aliases/copy_in_loop": "a loop yields 'same', a view of another tile's buffer, for the tile it carries",
    # AutoTileMatmulL0's K-loop of more than two blocks: LowerPipelineLoops keeps a loop of
    # two stages (four blocks) or unrolls a third block after the two (three); planned only.
    "l0_tiling/k_three": "the PTO form of its pipelined K-loop of more than two blocks is not modelled yet",
    "l0_tiling/k_four": "the PTO form of its pipelined K-loop of more than two blocks is not modelled yet",
    "l0_tiling/k_four_bf16": "the PTO form of its pipelined K-loop of more than two blocks is not modelled yet",
    "l0_tiling/k_many": "the PTO form of its pipelined K-loop of more than two blocks is not modelled yet",
    # The pipeline's final Simplify folds the second clone's `if k0 == 0` away after the planner
    # placed its tiles (the memory use is the real one: `tests/test_pipelined_memory.py`).
    "pipeline_if/scale_first": "the final Simplify drops tiles of a pl.pipeline clone the planner placed",
}


@pytest.mark.parametrize("case", sorted(CASES.glob("*.py")), ids=lambda path: path.stem)
def test_each_kernel_is_the_real_compilers_byte_for_byte_or_says_why_not(case: Path):
    real = {pto.stem: pto.read_text(encoding="utf-8") for pto in (CASES / case.stem).rglob("*.pto")}
    assert real, "recorded by tests/record_mlir_cases.py"
    proc = run_pto_lsp("compile", "--emit", "mlir", str(case))
    ours = _modules(proc.stdout)
    refused = sorted(name for name in real if f"{case.stem}/{name}" in NOT_EMITTED)
    assert sorted(ours) == sorted(name for name in real if name not in refused)
    for name, text in ours.items():
        assert text.rstrip("\n") == real[name].rstrip("\n"), name
    for name in refused:
        reason = NOT_EMITTED[f"{case.stem}/{name}"]
        assert f"kernel '{name}'" in proc.stderr and reason in proc.stderr, proc.stderr
    assert proc.returncode == (1 if refused else 0), proc.stderr


def test_the_move_into_an_if_result_is_emitted_only_where_the_branches_tiles_are_apart():
    """YieldFixup moves the else-branch tile into the if's result only where MemoryReuse gave
    it another buffer (`pick`: it reuses a dead input's); where it may share the result's
    (`phi_loop`: the input is read after the if), there is no move."""
    modules = _modules(run_pto_lsp("compile", "--emit", "mlir", str(CASES / "control_flow.py")).stdout)
    assert "%t__ssa_v1_mv = pto.alloc_tile" in modules["pick"]
    assert "_mv" not in modules["phi_loop"]
    assert "scf.if" in modules["phi_loop"] and "} else {" in modules["phi_loop"]


def test_a_tensor_of_rank_3_keeps_its_rank_in_its_view_and_partitions():
    """FlattenTileNdTo2D makes the tiles 2-D ([2, 16, 32] -> [32, 32]); the tensor view keeps
    the tensor's rank, its strides multiplied out, and so does each partition."""
    modules = _modules(run_pto_lsp("compile", "--emit", "mlir", str(CASES / "nd_shapes.py")).stdout)
    scale = modules["scale3d"]
    assert "%x__ssa_v0_s0 = arith.muli %c32_index, %c16_index : index" in scale
    assert "rows=32, cols=32" in scale
    assert "-> !pto.partition_tensor_view<2x16x32xf16>" in scale
    # A 2-D tile stored into a rank-4 tensor: 1s before the tile's shape.
    assert "-> !pto.partition_tensor_view<1x1x8x32xf32>" in modules["rows4d"]


def test_an_init_condition_branches_over_the_two_matmuls_unless_it_is_a_literal():
    modules = _modules(run_pto_lsp("compile", "--emit", "mlir", str(CASES / "matmul_init.py")).stdout)
    branched = modules["split_k_lt"]
    assert "arith.cmpi slt, %k0__idx_v0, %c32_index : index" in branched
    assert "scf.if" in branched and "pto.tmatmul ins(" in branched and "pto.tmatmul.acc ins(" in branched
    literal = modules["init_true"]
    assert "scf.if" not in literal and "pto.tmatmul.acc" not in literal and "pto.tmatmul ins(" in literal


def test_an_op_on_column_vectors_runs_on_row_major_views_of_them():
    """ResolveBackendOpLayouts: `pl.add` of two [32, 1] column-major tiles is a `pto.tadd` of
    [1, 32] row-major views of them into a row-major temporary, the result a view of it again;
    the temporaries are counted over the kernel (`_v0`, `_v1`, ...)."""
    modules = _modules(run_pto_lsp("compile", "--emit", "mlir", str(CASES / "column_ops.py")).stdout)
    chain = modules["col_chain"]
    assert "pto.tadd ins(%v__rm_a0_tmp_v2, %v__rm_a1_tmp_v3 :" in chain
    assert "outs(%v__row_major_tmp_v4 :" in chain
    assert "%u__rm_a0_tmp_v0" in modules["col_second"]  # counted anew in each kernel
