"""Our memory use and errors held to a directory of cases the real `ir.compile` judged on each
SoC (`real_memory.py --record-mixed` / `--record-pipeline`: per file, program and SoC, the
real error or each kernel's use per space)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_pto_lsp
from real_memory import ours


def diagnostics(path: Path, soc: str) -> list[dict]:
    proc = run_pto_lsp("check", "--format", "json", "--soc", soc, str(path))
    [report] = json.loads(proc.stdout)["files"]
    return report["diagnostics"]


def judge(cases: Path, data: dict, soc: str) -> tuple[int, int, int]:
    """(exact uses, uses not analysed, errors), each error the real message and each exact use
    the real one (an "at most" one never below it); a case the real compile accepts gets no error."""
    exact = not_analysed = errors = 0
    for name, programs in sorted(data.items()):
        path = cases / name
        report = ours(run_pto_lsp("compile", str(path), "--emit", "memory", "--soc", soc).stdout)
        ours_errors = [d["message"] for d in diagnostics(path, soc) if d["severity"] == 1]
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
                    assert value == used if is_exact else value >= used, (name, kernel, space, value, used)
                    exact += is_exact
    return exact, not_analysed, errors
