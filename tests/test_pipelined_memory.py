"""The on-chip memory of kernels with `pl.pipeline` loops (LowerPipelineLoops' clones, the
CanonicalizeIOOrder schedule, MemoryReuse's pipeline-stage guard), held to the real
`ir.compile` of `tests/data/pipelined_memory/` on the 910B and the 950 (`python
tests/real_memory.py --record-pipeline`, `verdicts.json` beside them): a tail of clones, a
nested pipeline, a matmul's Mat operands per stage, stages shed until the space fits (and the
legacy packing's overflow on the 910B only), and stages the SoC's capacity gates differently,
which are "not analysed" rather than a use of the wrong SoC."""

from __future__ import annotations

import json

import pytest
from conftest import run_pto_lsp
from memory_verdicts import judge
from real_memory import PIPELINE, PIPELINE_VERDICTS, SOCS

from compiler.analysis import analyse_source

DATA = json.loads(PIPELINE_VERDICTS.read_text(encoding="utf-8")) if PIPELINE_VERDICTS.is_file() else {}


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
@pytest.mark.parametrize("soc", SOCS)
def test_each_pipelined_case_gets_the_real_use_and_verdict(soc: str) -> None:
    # measured: not analysed, the L0 spaces AutoTileMatmulL0 tiles and the Vec whose stages
    # the two SoCs' capacities gate differently; the error, the 910B's overflow
    assert judge(PIPELINE, DATA, soc) == {"910B": (3, 4, 1), "950": (4, 4, 0)}[soc]


def test_the_stage_the_soc_gates_is_not_analysed_and_says_why() -> None:
    path = PIPELINE / "pipeline_vec_by_soc.py"
    report = run_pto_lsp("compile", str(path), "--emit", "memory").stdout
    assert "PipelineBySoc.widen_and_square (line 7): Vec not analysed" in report.splitlines()
    analysis = analyse_source(path.read_text(encoding="utf-8"), str(path))
    [memory] = [memory for unit in analysis.units for memory in unit.kernel_memory]
    assert memory.unknown == ("Vec",)
    assert "the plan differs by SoC" in memory.why_not_exact


def test_the_mlir_of_a_pipelined_kernel_is_not_shown() -> None:
    """Its tiles are planned, but the replicated text is not emitted (no real output holds it)."""
    result = run_pto_lsp("compile", str(PIPELINE / "pipeline_vec_tail.py"), "--emit", "mlir")
    assert "pto.alloc_tile" not in result.stdout
