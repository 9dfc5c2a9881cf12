"""The public PyPTO code (`../shared/corpus/upstream`: pypto's system tests and examples,
all of pypto-lib) as a kernel author checks it, held to the real compiler.

`pto-lsp check` runs over the whole of it once. Every error it reports must be one the
real compiler raises in that file, and each program the real compiler rejects must get
the real first error among ours; a program it accepts gets none. The verdicts are
recorded by `tests/record_upstream_verdicts.py` (the real PyPTO, e2d0f78).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_pto_lsp

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
UPSTREAM = CORPUS / "upstream"
CASES: list[dict[str, Any]] = json.loads((REPO / "tests" / "data" / "upstream_verdicts.json").read_text())[
    "cases"
]
ERROR = 1

pytestmark = pytest.mark.skipif(
    not UPSTREAM.is_dir(), reason="../shared/corpus/upstream is not beside the repo"
)


@pytest.fixture(scope="module")
def upstream_errors() -> dict[str, list[dict[str, Any]]]:
    """The errors `pto-lsp check --format json` reports, by file (relative to the corpus)."""
    run = run_pto_lsp("check", "--format", "json", str(UPSTREAM))
    report = json.loads(run.stdout)
    errors: dict[str, list[dict[str, Any]]] = {}
    for entry in report["files"]:
        found = [d for d in entry["diagnostics"] if d["severity"] == ERROR]
        if found:
            errors[Path(entry["path"]).resolve().relative_to(CORPUS.resolve()).as_posix()] = found
    return errors


def _agrees(ours: dict[str, Any], real: dict[str, Any]) -> bool:
    """The real message; on the real line and (1-based) column when the real error has one."""
    if ours["message"] != real["message"]:
        return False
    start = ours["range"]["start"]
    return real["line"] is None or (start["line"] + 1, start["character"] + 1) == (
        real["line"],
        real["column"],
    )


def test_every_error_on_the_public_code_is_one_the_real_compiler_raises_there(upstream_errors):
    for file, errors in upstream_errors.items():
        real = [
            case["real"]["error"] for case in CASES if case["file"] == file and not case["real"]["accepted"]
        ]
        assert real, f"{file}: pto-lsp reports {errors[0]['message']!r}; no recorded real verdict rejects it"
        messages = {error["message"] for error in real}
        unbacked = [e["message"] for e in errors if e["message"] not in messages]
        assert not unbacked, f"{file}: errors the real compiler does not raise there: {unbacked}"


@pytest.mark.parametrize(
    "case",
    [case for case in CASES if not case["real"]["accepted"]],
    ids=lambda case: f"{case['file']}:{case['how'].get('name', case['how']['kind'])}",
)
def test_a_program_the_real_compiler_rejects_gets_its_first_error(upstream_errors, case):
    real = case["real"]["error"]
    ours = upstream_errors.get(case["file"], [])
    assert any(_agrees(error, real) for error in ours), (real, [e["message"] for e in ours])


_REJECTED_FILES = {case["file"] for case in CASES if not case["real"]["accepted"]}


@pytest.mark.parametrize(
    "case",
    [case for case in CASES if case["file"] not in _REJECTED_FILES],
    ids=lambda case: f"{case['file']}:{case['how'].get('name', case['how']['kind'])}",
)
def test_a_file_the_real_compiler_accepts_gets_no_error(upstream_errors, case):
    assert case["file"] not in upstream_errors, upstream_errors.get(case["file"])
