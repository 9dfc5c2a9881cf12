"""The SPMD launch of a kernel holding a hard `pl.system.syncall`, held to the real compiler
(its HardSyncallOccupancy verifier, after ExpandMixedKernel).

`tests/data/hard_syncall_cases/*.py` (written by hand, one program each): a mixed kernel (a Mat
load beside a Vec one), a vector kernel and a cube kernel, each launched by `pl.spmd(...)` or
`pl.spmd_submit(...)` at full occupancy and not (24 core-groups / AIC cores, 48 AIV cores on
the 910B), with and without `sync_start=True`, sized by a literal or by a launch-shape query
(directly, or through the variable it binds), with a barrier of the launch's kind and of
another. `verdicts.json`: what the real compiler said of each
(`tests/record_postparse_verdicts.py tests/data/hard_syncall_cases`).
"""

from __future__ import annotations

import json

import pytest
from conftest import PERF_HINT, REPO, run_cli

FOLDER = REPO / "tests" / "data" / "hard_syncall_cases"
VERDICTS = json.loads((FOLDER / "verdicts.json").read_text(encoding="utf-8"))
ERROR = 1


@pytest.fixture(scope="module")
def reported() -> dict[str, dict]:
    """Each case's file report from `pto-lsp check --format json` (one run)."""
    proc = run_cli("--format", "json", *(str(FOLDER / name) for name in sorted(VERDICTS)))
    assert proc.returncode in (0, 1), proc.stderr
    return {checked["path"].rsplit("/", 1)[-1]: checked for checked in json.loads(proc.stdout)["files"]}


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_each_launch_gets_what_the_real_compiler_says(name: str, reported: dict[str, dict]) -> None:
    """A launch the verifier refuses: its message on the syncall, the real place. One it
    accepts: no error, and the kernel's memory judged (nothing left not analysed)."""
    checked = reported[name]
    errors = [d for d in checked["diagnostics"] if d["severity"] == ERROR and d["code"] != PERF_HINT]
    verdict = VERDICTS[name]
    assert checked["notAnalysed"] == []
    if verdict["accepted"]:
        assert errors == []
        return
    real = verdict["errors"][0]
    [error] = errors
    assert error["code"] == "PTO731"
    assert error["message"] == real["message"]
    start = error["range"]["start"]
    assert (start["line"] + 1, start["character"] + 1) == (real["line"], real["col"])


def test_the_cases_hold_refused_and_accepted_launches_of_each_kernel_kind() -> None:
    for kind in ("mixed", "vector", "cube"):
        verdicts = [v["accepted"] for name, v in VERDICTS.items() if name.startswith(kind)]
        assert True in verdicts and False in verdicts, kind
