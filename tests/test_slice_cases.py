"""Windows of an Acc tile a `pl.matmul_acc` accumulates into, held to the real compiler.

`tests/data/slice_cases/*.py`: a window of all the accumulator's rows, one inside a single
16-column L0C block (both accepted), a window of half its rows four blocks wide and one across
two blocks (both refused by CanonicalizeTileSlice: not contiguous in L0C). `verdicts.json`:
what the real compiler said of each (its parser and the whole compile, PTOAS skipped;
`tests/record_postparse_verdicts.py tests/data/slice_cases`).
"""

from __future__ import annotations

import json

import pytest
from conftest import PERF_HINT, REPO, run_cli, run_pto_lsp
from real_memory import ours

FOLDER = REPO / "tests" / "data" / "slice_cases"
VERDICTS = json.loads((FOLDER / "verdicts.json").read_text(encoding="utf-8"))
ERROR = 1


@pytest.fixture(scope="module")
def reported() -> dict[str, list[dict]]:
    """Each case's errors as `pto-lsp check --format json` reports them (one run)."""
    proc = run_cli("--format", "json", *(str(FOLDER / name) for name in sorted(VERDICTS)))
    assert proc.returncode in (0, 1), proc.stderr
    return {
        checked["path"].rsplit("/", 1)[-1]: [
            d for d in checked["diagnostics"] if d["severity"] == ERROR and d["code"] != PERF_HINT
        ]
        for checked in json.loads(proc.stdout)["files"]
    }


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_each_window_gets_what_the_real_compiler_says(name: str, reported: dict[str, list[dict]]) -> None:
    """A refused window: the real message (its first line; ours goes on with the real second,
    how to slice along columns), on the accumulating op, the real place. An accepted one: no
    error, and its Acc tile planned whole (the window is in its buffer)."""
    verdict = VERDICTS[name]
    if verdict["accepted"]:
        assert reported[name] == []
        uses = ours(run_pto_lsp("compile", str(FOLDER / name), "--emit", "memory").stdout)
        [(kernel, spaces)] = uses.items()
        assert spaces["Acc"] == (32 * 64 * 4, True), kernel
        return
    [error] = reported[name]
    real = verdict["errors"][0]
    assert error["code"] == "PTO730"
    assert error["message"].startswith(real["message"])
    assert "\nSlice the accumulator along columns instead" in error["message"]
    start = error["range"]["start"]
    assert (start["line"] + 1, start["character"] + 1) == (real["line"], real["col"])


def test_the_cases_hold_refused_and_accepted_windows() -> None:
    assert sorted(v["accepted"] for v in VERDICTS.values()) == [False, False, True, True]
