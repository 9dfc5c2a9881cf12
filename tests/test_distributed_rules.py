"""The real parser's rules for distributed calls (`pld.`): where `alloc_window_buffer` and
`world_size` may be called, the window buffer's name, an unknown op or category. Each case
of `tests/data/distributed_cases/` is a variant of one ring-allreduce program, judged by the
real PyPTO (e2d0f78; `tests/record_upstream_verdicts.py tests/data/distributed_verdicts.json`).
`pto-lsp check` must report a rejected case's real error (message, line, column) first, and
nothing on a case the real parser accepts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_pto_lsp

REPO = Path(__file__).resolve().parents[1]
CASES: list[dict[str, Any]] = json.loads((REPO / "tests" / "data" / "distributed_verdicts.json").read_text())[
    "cases"
]


def _errors(path: Path) -> list[tuple[str, int, int]]:
    report = json.loads(run_pto_lsp("check", "--format", "json", str(path)).stdout)
    return [
        (d["message"], d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1)
        for entry in report["files"]
        for d in entry["diagnostics"]
        if d["severity"] == 1
    ]


@pytest.mark.parametrize("case", CASES, ids=lambda case: Path(case["file"]).stem)
def test_a_distributed_call_is_judged_as_the_real_parser_judges_it(case):
    errors = _errors(REPO / case["file"])
    real = case["real"]
    if real["accepted"]:
        assert errors == []
        return
    expected = real["error"]
    assert errors[:1] == [(expected["message"], expected["line"], expected["column"])]


def test_every_distributed_op_of_the_ring_is_analysed():
    """`alloc_window_buffer`, `window`, `world_size` and the ring's `pld.tensor.allreduce`
    are all typed by their rules (the allreduce's result is its target's window): nothing
    of the ring program is left not analysed."""
    ring = REPO / "tests" / "data" / "distributed_cases" / "ring.py"
    report = json.loads(run_pto_lsp("check", "--format", "json", str(ring)).stdout)
    [entry] = report["files"]
    assert entry["notAnalysed"] == [] and entry["diagnostics"] == []


UPSTREAM = REPO.parent / "shared" / "corpus" / "upstream"


@pytest.mark.skipif(not UPSTREAM.is_dir(), reason="../shared/corpus/upstream is not beside the repo")
def test_no_distributed_call_of_the_public_code_is_left_not_analysed():
    """Every `pld.` call of pypto's distributed system tests and examples and of pypto-lib
    (where the real compiler builds them) is analysed: none starts a not-analysed range."""
    roots = [
        UPSTREAM / "pypto" / "tests" / "st" / "distributed",
        UPSTREAM / "pypto" / "examples",
        UPSTREAM / "pypto-lib",
    ]
    report = json.loads(run_pto_lsp("check", "--format", "json", *map(str, roots)).stdout)
    left = []
    for entry in report["files"]:
        lines = Path(entry["path"]).read_text(encoding="utf-8").splitlines()
        for span in entry["notAnalysed"]:
            start = span["start"]
            if lines[start["line"]][start["character"] :].startswith("pld."):
                left.append((entry["path"], start["line"] + 1))
    assert len(report["files"]) > 100 and left == []
