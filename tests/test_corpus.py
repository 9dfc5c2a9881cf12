"""Real kernels the real parser accepts must check clean (DESIGN.md: no false positives).

The corpus is third-party data beside the repository (`../shared/corpus/pypto-real`);
it is read in place, never copied. Its MANIFEST.md says which files the real PyPTO
parser accepted: the "Real parser" column reads `yes (jit)` or `yes (program)`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS, run_cli


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


@pytest.mark.parametrize("path", PARAMS)
def test_accepted_corpus_file_has_no_errors(path):
    from compiler import Severity, check_source

    errors = [
        f"{d.span.start_line}:{d.span.start_col} {d.code} {d.message}"
        for d in check_source(path.read_text(encoding="utf-8"), str(path))
        if d.severity == Severity.ERROR
    ]
    assert errors == []


def test_cli_over_the_whole_corpus_exits_0():
    if not CORPUS.is_dir():
        pytest.skip(f"no corpus at {CORPUS}")
    proc = run_cli("--format", "text", str(CORPUS))
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
