"""The distributed language's raise sites (`import pypto.language.distributed as pld`), one
mistake per kernel, held to what the real compiler said of each (`pto-lsp check`).

The cases of `tests/data/distributed_sites` (made by `tests/distributed_site_kernels.py`)
are small multi-rank programs of our own, shaped as the
real ones of pypto's `tests/st/distributed` (a ring put between two InCore kernels; a HOST
orchestrator publishing into a window, running one collective on it, over all devices or
over `pl.range(2)` of them, and reading it back; an InCore kernel's allreduce composite),
each with one change aimed at a raise site of the `pld` wrappers, of the `pld` ops'
deductions, of LowerCompositeOps or of LowerHostTensorCollectives and the builtin ops it
makes, beside accepted near-misses. `verdicts.json` is what the real compiler (e2d0f78, parse and the whole
`ir.compile`) said of each, recorded by `tests/record_postparse_verdicts.py` before pto-lsp
was run on them; the ledger (`docs/ledger/raise_sites.jsonl`) reads the same rows.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from conftest import PERF_HINT, REPO, run_cli
from postparse_mutants import materialize

FOLDER = REPO / "tests" / "data" / "distributed_sites"
VERDICTS: dict[str, dict] = json.loads((FOLDER / "verdicts.json").read_text(encoding="utf-8"))
_WRITTEN = tempfile.TemporaryDirectory(prefix="distributed-sites-")  # lives as long as the module
CASES = {path.name: path for path in materialize(FOLDER, Path(_WRITTEN.name) / FOLDER.name)}


def _reported() -> dict[str, list[dict]]:
    proc = run_cli("--format", "json", *(str(CASES[name]) for name in sorted(VERDICTS)))
    assert proc.returncode in (0, 1), proc.stderr
    found = {}
    for checked in json.loads(proc.stdout)["files"]:
        name = checked["path"].rsplit("/", 1)[-1]
        found[name] = [d for d in checked["diagnostics"] if d["code"] != PERF_HINT]
    return found


REPORTED = _reported()


def _position(diagnostic: dict) -> tuple[int, int]:
    start = diagnostic["range"]["start"]
    return start["line"] + 1, start["character"] + 1


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_each_case_gets_what_the_real_compiler_says(name: str):
    verdict = VERDICTS[name]
    errors = [d for d in REPORTED[name] if d["severity"] == 1]
    if verdict["accepted"]:
        assert errors == []
        return
    real = verdict["errors"][0]
    matching = [d for d in errors if d["message"] == real["message"]]
    assert matching, (real, errors)
    # An error without a place (recorded at 1:0: a builtin op's deduction) is judged by its
    # message; one with a line but no column (a Python error) by its line.
    if (real["line"], real["col"]) == (1, 0):
        return
    places = [_position(d) for d in matching]
    if real["col"] == 0:
        assert real["line"] in [line for line, _ in places], (real, places)
    else:
        assert (real["line"], real["col"]) in places, (real, places)


def test_every_case_made_was_judged_by_the_real_compiler():
    assert set(CASES) == set(VERDICTS)


def test_the_folder_holds_both_verdicts_of_each_kind():
    """Rejections to model and accepted near-misses to keep clean, of the wrappers, the
    deductions and the host collectives' lowering alike."""
    rejected = [name for name, verdict in VERDICTS.items() if not verdict["accepted"]]
    accepted = [name for name, verdict in VERDICTS.items() if verdict["accepted"]]
    assert len(rejected) >= 50 and len(accepted) >= 15
    assert any(name.startswith("host_") for name in accepted)
    assert any(
        v["errors"][0]["message"].startswith("LowerHostTensorCollectives")
        for v in VERDICTS.values()
        if v["errors"]
    )
