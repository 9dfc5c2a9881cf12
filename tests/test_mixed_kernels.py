"""Mixed cube/vector kernels as the real ExpandMixedKernel cuts them (`compiler/passes/
expand_mixed_kernel.py`): each kernel's on-chip use per space, its capacity error and its PH001
hints, held to the real `ir.compile` of `tests/data/mixed_cases/` on the 910B and the 950
(`python tests/real_memory.py --record-mixed`, `verdicts.json` beside them). A use we give
equals the real planner's; a space we do not model says "not analysed"; an error is the real
message; hints are the real log's lines, or none where we do not judge them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_pto_lsp
from real_memory import MIXED, MIXED_VERDICTS, SOCS, ours

DATA = json.loads(MIXED_VERDICTS.read_text(encoding="utf-8")) if MIXED_VERDICTS.is_file() else {}
HINT_PREFIX = "[perf_hint PH001] "


def _diagnostics(path: Path, soc: str) -> list[dict]:
    proc = run_pto_lsp("check", "--format", "json", "--soc", soc, str(path))
    [report] = json.loads(proc.stdout)["files"]
    return report["diagnostics"]


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
@pytest.mark.parametrize("soc", SOCS)
def test_each_mixed_case_gets_the_real_use_and_verdict(soc: str) -> None:
    exact = not_analysed = errors = 0
    for name, programs in sorted(DATA.items()):
        path = MIXED / name
        report = ours(run_pto_lsp("compile", str(path), "--emit", "memory", "--soc", soc).stdout)
        ours_errors = [d["message"] for d in _diagnostics(path, soc) if d["severity"] == 1]
        for program, verdicts in programs.items():
            verdict = verdicts[soc]
            if "message" in verdict:
                assert ours_errors == [verdict["message"]], (name, ours_errors)
                errors += 1
                continue
            assert ours_errors == [], (name, ours_errors)
            for kernel, spaces in verdict["memory"].items():
                claimed = report.get(f"{program}.{kernel}", {})
                for space, used in spaces.items():
                    if space not in claimed:
                        not_analysed += 1
                        continue
                    value, is_exact = claimed[space]
                    # An exact use is the real one; an "at most" one never below it.
                    assert value == used if is_exact else value >= used, (name, kernel, space, value, used)
                    exact += is_exact
    # measured: not analysed, the Vec of the kernels whose AIV pushes (the accumulator loop's if
    # over matmul / matmul_acc is planned: one Acc buffer with the carried create)
    assert (exact, not_analysed, errors) == (30, 6, 1)


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
def test_each_mixed_case_gets_the_real_hints_or_none() -> None:
    judged = 0
    for name, programs in sorted(DATA.items()):
        path = MIXED / name
        [verdict] = [verdicts["910B"] for verdicts in programs.values()]
        hints = [d for d in _diagnostics(path, "910B") if d["severity"] == 4 and d["code"] == "PTO631"]
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
        assert not [d for d in _diagnostics(MIXED / name, "950") if d["severity"] == 4], name
