"""Mixed cube/vector kernels as the real ExpandMixedKernel cuts them (`compiler/passes/
expand_mixed_kernel.py`): each kernel's on-chip use per space, its capacity error and its PH001
hints, held to the real `ir.compile` of `tests/data/mixed_cases/` on the 910B and the 950
(`python tests/real_memory.py --record-mixed`, `verdicts.json` beside them). A use we give
equals the real planner's; a space we do not model says "not analysed"; an error is the real
message; hints are the real log's lines, or none where we do not judge them."""

from __future__ import annotations

import json

import pytest
from conftest import run_pto_lsp
from memory_verdicts import diagnostics, judge
from real_memory import MIXED, MIXED_VERDICTS, SOCS

DATA = json.loads(MIXED_VERDICTS.read_text(encoding="utf-8")) if MIXED_VERDICTS.is_file() else {}
HINT_PREFIX = "[perf_hint PH001] "


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
@pytest.mark.parametrize("soc", SOCS)
def test_each_mixed_case_gets_the_real_use_and_verdict(soc: str) -> None:
    exact, not_analysed, errors = judge(MIXED, DATA, soc)
    # measured: not analysed, the Vec of the kernels whose AIV pushes (the accumulator loop's if
    # over matmul / matmul_acc is planned: one Acc buffer with the carried create); the two
    # pl.pipeline cases are planned
    assert (exact, not_analysed, errors) == (32, 4, 1)


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
def test_each_mixed_case_gets_the_real_hints_or_none() -> None:
    judged = 0
    for name, programs in sorted(DATA.items()):
        path = MIXED / name
        [verdict] = [verdicts["910B"] for verdicts in programs.values()]
        hints = [d for d in diagnostics(path, "910B") if d["severity"] == 4 and d["code"] == "PTO631"]
        real = [
            line.removeprefix(HINT_PREFIX)
            for line in verdict.get("hints", [])
            if line.startswith(HINT_PREFIX)
        ]
        if not hints and real:
            continue  # not judged here: none given
        ours_lines = [
            f"{d['message']} at {name}:{d['range']['start']['line'] + 1}:{d['range']['start']['character'] + 1}"
            for d in hints
        ]
        assert ours_lines == real, name
        judged += 1
    assert judged == 10  # measured: every case (the one the real compile refuses gets none)


def test_the_memory_map_shows_the_pipe_slots_below_the_tiles() -> None:
    """A cube-to-vector pipe's slots (2 of the 16,384-byte Acc tile crossing) take the bottom
    of the AIV's Vec; its tiles are placed above them, as the real planner places them."""
    report = run_pto_lsp("compile", str(MIXED / "mixed_c2v_leftright.py"), "--emit", "memory").stdout
    assert "[0, 32,768)  reserved: the cross-core pipe's slots" in report
    assert "[32,768, 40,960)" in report  # the first Vec tile, right above


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
def test_no_hint_is_given_for_another_socs_backend() -> None:
    """The hints are the 910B backend's (512-byte rows); the 950's recommends 128 bytes, and its
    real compile of these cases prints none: `check --soc 950` gives none."""
    for name, programs in sorted(DATA.items()):
        assert all(not verdicts["950"].get("hints") for verdicts in programs.values()), name
        assert not [d for d in diagnostics(MIXED / name, "950") if d["severity"] == 4], name
