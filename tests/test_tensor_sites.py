"""The tensor ops' deductions and the Python op wrappers, site by site, held to the real compiler.

`tests/data/tensor_sites/*.py`: one tensor-level kernel each (an Opaque function whose
CORE_GROUP scope slices, reshapes, views, transposes, casts, fills, assembles, reads and writes
tensors), a call that reaches one raise site of the real compiler's tensor ops
(src/ir/op/tensor_ops, the slice / reshape rules of src/ir/op/type_inference.cpp) or of the
wrappers in front of them (python/pypto/language/op, python/pypto/ir/op, a DSL Tensor or Tile
iterated as a list), or an accepted near miss of one. `verdicts.json`: what the real compiler
said of each (its parser and the whole compile, PTOAS skipped;
`tests/record_postparse_verdicts.py tests/data/tensor_sites`). The raise-site ledger reads the
same rows (`raise_ledger/real_rows.py`).
"""

from __future__ import annotations

import json

import pytest
from conftest import PERF_HINT, REPO, run_cli

FOLDER = REPO / "tests" / "data" / "tensor_sites"
VERDICTS = json.loads((FOLDER / "verdicts.json").read_text(encoding="utf-8"))
ERROR = 1


@pytest.fixture(scope="module")
def reported() -> dict[str, list[dict]]:
    """Each case's errors as `pto-lsp check --format json` reports them (one run)."""
    proc = run_cli("--format", "json", *(str(FOLDER / name) for name in sorted(VERDICTS)))
    assert proc.returncode in (0, 1), proc.stderr
    # A message naming a place in a case names it as the recording does (repository-relative).
    here, recorded = f"{FOLDER}/", "tests/data/tensor_sites/"
    return {
        checked["path"].rsplit("/", 1)[-1]: [
            {**d, "message": d["message"].replace(here, recorded)}
            for d in checked["diagnostics"]
            if d["severity"] == ERROR and d["code"] != PERF_HINT
        ]
        for checked in json.loads(proc.stdout)["files"]
    }


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_each_case_gets_what_the_real_compiler_says(name: str, reported: dict[str, list[dict]]) -> None:
    """An accepted case: no error. A refused one: the real message (its first line), at the
    real line and column (where the real error names a place: one raised after the parser
    without a span is judged by its message)."""
    verdict = VERDICTS[name]
    if verdict["accepted"]:
        assert reported[name] == []
        return
    real = verdict["errors"][0]
    placed = [
        (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1)
        for d in reported[name]
        if d["message"].split("\n", 1)[0] == real["message"]
    ]
    assert placed, (real, reported[name])
    if (real["line"], real["col"]) != (1, 0):  # an error the real compiler raised with no place
        assert (real["line"], real["col"]) in placed, (real, reported[name])


def test_the_cases_hold_refused_and_accepted_calls() -> None:
    accepted = [name for name, verdict in VERDICTS.items() if verdict["accepted"]]
    assert 20 <= len(accepted) < len(VERDICTS) - 50
