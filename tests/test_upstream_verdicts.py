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
import pytest_lsp
from conftest import SERVER, run_pto_lsp
from lsp_client import RecordingClient, open_document, wait_for_version
from lsprotocol import types as lsp
from pytest_lsp import client_capabilities

from compiler.static_reach import FACTORY_ARGUMENTS, IMPORT_VALUES

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
def upstream_report() -> dict[str, Any]:
    """`pto-lsp check --format json` of the whole public code, run once."""
    return json.loads(run_pto_lsp("check", "--format", "json", str(UPSTREAM)).stdout)


@pytest.fixture(scope="module")
def upstream_errors(upstream_report: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The errors `pto-lsp check --format json` reports, by file (relative to the corpus)."""
    errors: dict[str, list[dict[str, Any]]] = {}
    for entry in upstream_report["files"]:
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


def test_nothing_on_the_public_code_is_unanalysed_but_what_the_ledger_marks_out_of_static_reach(
    upstream_report,
):
    """Issue 34: every construct of every file is analysed, except programs whose types only
    their factory's caller gives, or a launch width the file computes at import, kinds
    docs/raise-sites.md lists as out of static reach; the
    author sees a hint there that names the values, and no error needs them."""
    unanalysed = {e["path"]: e["notAnalysed"] for e in upstream_report["files"] if e.get("notAnalysed")}
    assert unanalysed == {}
    ledger = (REPO / "docs" / "raise-sites.md").read_text(encoding="utf-8")
    assert f"| `{FACTORY_ARGUMENTS.key}` |" in ledger.split("## Constructs out of static reach")[1]
    out_of_reach = [(e, r) for e in upstream_report["files"] for r in e.get("outOfStaticReach", [])]
    assert out_of_reach, "the public code has such programs: the check must name them"
    assert f"| `{IMPORT_VALUES.key}` |" in ledger.split("## Constructs out of static reach")[1]
    assert {Path(e["path"]).name for e, _ in out_of_reach} == {
        "test_syncall.py",  # `pl.spmd(CORE_NUM)` of a hard syncall: CORE_NUM computed at import
        "test_div.py",
        "test_row_expand_add.py",
        "test_row_min.py",
        "test_subs.py",
    }


@pytest_lsp.fixture(config=SERVER)
async def editor(lsp_client: RecordingClient):
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"ptoLsp": {"debounceMs": 0}},
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_the_editor_names_a_parameterised_test_cases_program_as_out_of_static_reach(
    editor: RecordingClient,
):
    """pytest gives `TensorSubsProgram` its dtype: the author opening the file sees a hint on
    the op whose type needs it, naming the value, and no error."""
    path = UPSTREAM / "pypto" / "tests" / "st" / "runtime" / "ops" / "test_subs.py"
    text = path.read_text(encoding="utf-8")
    open_document(editor, text, path.as_uri())
    published = await wait_for_version(editor, path.as_uri(), 1)
    assert [d for d in published if d.severity == lsp.DiagnosticSeverity.Error] == []
    row = text.split("\n").index(
        "                    result: pl.Tensor[[m, n], dtype] = pl.tensor.subs(src, scalar)"
    )
    [hint] = [d for d in published if d.range.start.line == row]
    assert hint.severity == lsp.DiagnosticSeverity.Hint
    assert "the program reads `dtype`" in hint.message and "out of static reach" in hint.message
