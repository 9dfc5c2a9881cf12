"""Real kernels the real parser accepts must check clean (DESIGN.md: no false positives),
apart from what the real compiler's pipeline rejects after the parser.

The corpus is third-party data beside the repository (`../shared/corpus/pypto-real`);
it is read in place, never copied. Its MANIFEST.md says which files the real PyPTO
parser accepted: the "Real parser" column reads `yes (jit)` or `yes (program)`. What
the real `ir.compile` said about each program is recorded in
`tests/data/real_pto/index.json`: an error we report must be one of those, in the
program it was raised for.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CORPUS, REPO, run_cli

COMPILED = json.loads((REPO / "tests" / "data" / "real_pto" / "index.json").read_text(encoding="utf-8"))


def accepted_files() -> list[Path]:
    """Corpus files whose MANIFEST row says the real parser accepted them."""
    files = []
    for row in (CORPUS / "MANIFEST.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[0].isdigit() and cells[-1].startswith("yes ("):
            files.append(CORPUS / cells[1] / cells[2].strip("`"))
    return files


if CORPUS.is_dir():
    ACCEPTED = accepted_files()
    PARAMS = [pytest.param(path, id=str(path.relative_to(CORPUS))) for path in ACCEPTED]
else:
    ACCEPTED = []
    PARAMS = [pytest.param(None, marks=pytest.mark.skip(reason=f"no corpus at {CORPUS}"))]


def test_manifest_lists_the_accepted_files():
    if not CORPUS.is_dir():
        pytest.skip(f"no corpus at {CORPUS}")
    # 59 rows: 8 support modules, 4 "not run", 47 accepted by the real parser.
    assert len(ACCEPTED) == 47
    missing = [str(path) for path in ACCEPTED if not path.is_file()]
    assert missing == []


def rejected_by_the_real_pipeline(path: Path) -> dict[str, set[str]]:
    """Program -> the messages the real `ir.compile` rejected it with."""
    entry = COMPILED.get(str(path.relative_to(CORPUS)), {"programs": []})
    return {
        program["name"]: {error["message"] for error in program["errors"]}
        for program in entry["programs"]
        if program["ok"] is False
    }


@pytest.mark.parametrize("path", PARAMS)
def test_accepted_corpus_file_has_no_errors(path):
    from compiler import Severity, analyse_source

    analysis = analyse_source(path.read_text(encoding="utf-8"), str(path))
    rejected = rejected_by_the_real_pipeline(path)

    def real(diagnostic) -> bool:
        line = diagnostic.span.start_line
        programs = [p.name for p in analysis.programs if p.span.start_line <= line <= p.span.end_line]
        return any(diagnostic.message in rejected.get(name, ()) for name in programs)

    errors = [
        f"{d.span.start_line}:{d.span.start_col} {d.code} {d.message}"
        for d in analysis.diagnostics
        if d.severity == Severity.ERROR and not real(d)
    ]
    assert errors == []


def test_the_real_pipelines_rejections_of_the_corpus_are_reported():
    """Each corpus program the real pipeline rejects with an error pto-lsp models gets it."""
    if not CORPUS.is_dir():
        pytest.skip(f"no corpus at {CORPUS}")
    from compiler import analyse_source

    found = []
    for path in ACCEPTED:
        rejected = rejected_by_the_real_pipeline(path)
        if not rejected:
            continue
        analysis = analyse_source(path.read_text(encoding="utf-8"), str(path))
        for program in analysis.programs:
            messages = {
                d.message
                for d in analysis.diagnostics
                if program.span.start_line <= d.span.start_line <= program.span.end_line
            }
            for message in sorted(rejected.get(program.name, ())):
                found.append((program.name, message, message in messages))
    assert found == [
        ("ForLoopBreakProgram", "Operator 'eq' does not accept bool dtype", True),
        ("ForLoopBreakContinueProgram", "Operator 'eq' does not accept bool dtype", True),
    ]


def test_cli_over_the_whole_corpus_reports_only_what_the_real_pipeline_rejects():
    if not CORPUS.is_dir():
        pytest.skip(f"no corpus at {CORPUS}")
    proc = run_cli("--format", "text", str(CORPUS))
    assert "Traceback" not in proc.stderr
    errors = [line.split(": ", 1)[1] for line in proc.stdout.splitlines() if ": error[" in line]
    # The two break kernels of test_ctrl_flow.py, which the real Simplify rejects.
    assert errors == ["error[PTO701] Operator 'eq' does not accept bool dtype"] * 2, proc.stdout[-3000:]
    assert proc.returncode == 1
