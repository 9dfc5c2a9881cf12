"""The on-chip memory of kernels with `pl.pipeline` loops (LowerPipelineLoops' clones, the
CanonicalizeIOOrder schedule, MemoryReuse's pipeline-stage guard), held to the real
`ir.compile` of `tests/data/pipelined_memory/` on the 910B and the 950 (`python
tests/real_memory.py --record-pipeline`, `verdicts.json` beside them): a tail of clones, a
nested pipeline, a `stage=1` loop, a pipeline shorter than its depth around a loop, an if in
the body, a matmul's Mat operands per stage, stages shed until the space fits (and the
legacy packing's overflow on the 910B only, once where the 950 keeps two stages apart), and
stages each SoC's capacity gates differently (each SoC's use is its own plan's); and the real
log's PH-MR-001 hints where stages share buffers (two pipelines in one kernel, one in an
outlined `with pl.at` scope, Left / Right operands the author moved there per stage)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_pto_lsp
from memory_verdicts import diagnostics, judge
from real_memory import PIPELINE, PIPELINE_VERDICTS, SOCS

from compiler.analysis import analyse_source
from pto_lsp.features.memory_use import hover_markdown

DATA = json.loads(PIPELINE_VERDICTS.read_text(encoding="utf-8")) if PIPELINE_VERDICTS.is_file() else {}


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
@pytest.mark.parametrize("soc", SOCS)
def test_each_pipelined_case_gets_the_real_use_and_verdict(soc: str) -> None:
    # measured (the L0 spaces of a K split in the clones planned too); the errors, the 910B's overflows
    assert judge(PIPELINE, DATA, soc) == {"910B": (16, 0, 2), "950": (18, 0, 0)}[soc]


def test_the_hover_gives_each_socs_use_where_the_capacity_gates_the_stages_differently() -> None:
    """The 910B sheds a stage to fit its Vec, the 950 keeps all four: the editor shows the
    configured SoC's use (the real compile's on each)."""
    path = PIPELINE / "pipeline_vec_by_soc.py"
    analysis = analyse_source(path.read_text(encoding="utf-8"), str(path))
    [memory] = [memory for unit in analysis.units for memory in unit.kernel_memory]
    assert "- Vec 163,840 / 188,416 bytes" in hover_markdown(memory, "910B").splitlines()
    assert "- Vec 196,608 / 245,760 bytes" in hover_markdown(memory, "950").splitlines()


DYNAMIC = """import pypto.language as pl


@pl.program
class Dynamic:
    @pl.function(type=pl.FunctionType.InCore)
    def square(
        self, x: pl.Tensor[[16, 1280], pl.FP32], y: pl.Out[pl.Tensor[[16, 1280], pl.FP32]], n: pl.Scalar[pl.INDEX]
    ) -> pl.Tensor[[16, 1280], pl.FP32]:
        for kb in pl.pipeline(n, stage=4):
            t = pl.load(x, [0, kb * 128], [16, 128])
            y = pl.store(pl.mul(t, t), [0, kb * 128], y)
        return y
"""


def test_a_pipeline_of_dynamic_bounds_is_not_analysed_nor_emitted(tmp_path: Path) -> None:
    """The real pass dispatches the remainder at run time (a cascade of ifs): not modelled,
    so neither a use nor the MLIR is claimed."""
    dynamic = tmp_path / "dynamic.py"
    dynamic.write_text(DYNAMIC, encoding="utf-8")
    report = run_pto_lsp("compile", str(dynamic), "--emit", "memory").stdout
    assert "Dynamic.square (line 7): not analysed: LowerPipelineLoops gives each copy" in report
    mlir = run_pto_lsp("compile", str(dynamic), "--emit", "mlir")
    assert "pto.alloc_tile" not in mlir.stdout
    assert "a pipeline loop whose bounds are not static is not modelled" in mlir.stderr


DEPTH_HINT_PREFIX = "[perf_hint PH-MR-001] "


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
def test_each_pipelined_case_gets_the_real_stage_sharing_hints_or_none() -> None:
    """MemoryReuse's PH-MR-001 (a pipeline whose stages do not all get their own buffers), as
    a hint on the kernel's `def`: the real log's lines, in order, where we give any; none for a
    kernel whose L0 tiles AutoTileMatmulL0 makes (their stages are not planned here)."""
    judged = given = 0
    for name, programs in sorted(DATA.items()):
        [verdict] = [verdicts["910B"] for verdicts in programs.values()]
        if "hints" not in verdict:
            continue  # the real compile refuses it: no hint is given
        hints = [
            d for d in diagnostics(PIPELINE / name, "910B") if d["severity"] == 4 and d["code"] == "PTO632"
        ]
        real = [
            line.removeprefix(DEPTH_HINT_PREFIX)
            for line in verdict["hints"]
            if line.startswith(DEPTH_HINT_PREFIX)
        ]
        if not hints and real:
            assert name == "pipeline_matmul_tail.py"  # its stages in Right: not planned here
            continue
        ours = [
            f"{d['message']} at {name}:{d['range']['start']['line'] + 1}:{d['range']['start']['character'] + 1}"
            for d in hints
        ]
        assert ours == real, name
        judged += 1
        given += len(ours)
    assert (judged, given) == (8, 4)  # measured: Vec sheds (one group, two, an outlined scope), a Right one


def test_no_stage_sharing_hint_for_another_soc() -> None:
    """The 950 keeps all four stages of this kernel apart (its Vec is larger): the 910B's hint
    is not given for it."""
    path = PIPELINE / "pipeline_vec_by_soc.py"
    assert [d["code"] for d in diagnostics(path, "910B") if d["severity"] == 4].count("PTO632") == 1
    assert not [d for d in diagnostics(path, "950") if d["code"] == "PTO632"]
