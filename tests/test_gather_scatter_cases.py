"""One-mistake variants of the upstream gather and scatter programs, held to the real compiler.

`tests/data/gather_scatter_cases/mutants.json`: each case is one program of pypto's
`tests/st/runtime/ops/test_{gather,scatter,scatter_update}.py` (read in place from
`../shared`), made a module of its own, with one mistake or none: an index of the wrong dtype
or rank, a dim out of range or of an axis the lowering has no form for, a source of another
dtype, a 16-bit source where the flat-index gather needs 32 bits, `pl.scatter_update`'s
argument forms. `verdicts.json`: what the real compiler said of each (its parser, and the
whole compile with PTOAS skipped; `tests/record_postparse_verdicts.py`). The errors come
from the op deductions and from ConvertTensorToTileOps' lowerings.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from conftest import PERF_HINT, REPO, run_cli
from postparse_mutants import SHARED, materialize

FOLDER = REPO / "tests" / "data" / "gather_scatter_cases"
VERDICTS = json.loads((FOLDER / "verdicts.json").read_text(encoding="utf-8"))
ERROR = 1

pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/corpus is not beside the repo")


@pytest.fixture(scope="module")
def reported() -> dict[str, list[dict]]:
    """Each case's errors as `pto-lsp check --format json` reports them (one run)."""
    with tempfile.TemporaryDirectory(prefix="gather-scatter-") as out:
        cases = materialize(FOLDER, Path(out))
        proc = run_cli("--format", "json", *map(str, cases))
        assert proc.returncode in (0, 1), proc.stderr
        return {
            Path(checked["path"]).name: [
                d for d in checked["diagnostics"] if d["severity"] == ERROR and d["code"] != PERF_HINT
            ]
            for checked in json.loads(proc.stdout)["files"]
        }


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_each_case_gets_what_the_real_compiler_says(name: str, reported: dict[str, list[dict]]) -> None:
    """An accepted case gets no error; a rejected one the real first error, on its line and column."""
    errors = reported[name]
    verdict = VERDICTS[name]
    if verdict["accepted"]:
        assert errors == []
        return
    real = verdict["errors"][0]
    places = [
        (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1)
        for d in errors
        if d["message"] == real["message"]
    ]
    assert (real["line"], real["col"]) in places, (real, errors)


def test_the_cases_hold_mistakes_of_both_stages_and_accepted_programs() -> None:
    """Rejections by an op's deduction (at parse) and by a lowering (ConvertTensorToTileOps),
    and programs the real compiler accepts."""
    messages = [v["errors"][0]["message"] for v in VERDICTS.values() if not v["accepted"]]
    assert any(m.startswith("pl ") for m in messages)
    assert any(m.startswith("tensor.gather: ") for m in messages)
    assert sum(v["accepted"] for v in VERDICTS.values()) >= 5
