"""The op conformance table: pto-lsp against what the real compiler said of each op call.

`tests/op_conformance/tables/*.json` were recorded by `make_table.py` with the real
compiler: for every row (one op call in a small kernel), the real error — class,
message, line, column — or, when the real parser accepted it, the line its printer
writes for `result = ...`, whose annotation is the deduced result type. Every row is held
here through the user's entry points: `pto-lsp check --format json` over all rows
(one run), and `pto-lsp compile --after parse` for the accepted ones.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, check_json, file_diagnostics, run_pto_lsp

TABLES = REPO / "tests" / "op_conformance" / "tables"
RESULT_PREFIXES = ("result:", "result =")


def result_type(printed_line: str | None) -> str | None:
    """The annotation of a printed `result: <type> = <call>` line (None: no annotation).
    Only the type is held here: how the call itself prints is the printer's business."""
    if printed_line is None or not printed_line.startswith("result:"):
        return None
    depth = 0
    text = printed_line[len("result:") :]
    for index, char in enumerate(text):
        if char in "[(":
            depth += 1
        elif char in "])":
            depth -= 1
        elif depth == 0 and text.startswith(" = ", index):
            return text[:index].strip()
    return None


def _tables() -> list[Path]:
    return sorted(TABLES.glob("*.json"))


def _rows(table: Path) -> list[dict[str, Any]]:
    return json.loads(table.read_text(encoding="utf-8"))["rows"]


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[dict[str, Any]]]]:
    """Every row of every table as a file, checked by one `pto-lsp check --format json` run:
    row id -> (its file, its diagnostics)."""
    directory = tmp_path_factory.mktemp("conformance")
    paths: dict[str, Path] = {}
    for table in _tables():
        for index, row in enumerate(_rows(table)):
            path = directory / f"{table.stem}_{index:05d}.py"
            path.write_text(row["source"], encoding="utf-8")
            paths[f"{table.stem}/{row['id']}"] = path
    if not paths:
        return {}
    _, report = check_json(*paths.values())
    return {key: (path, file_diagnostics(report, path)) for key, path in paths.items()}


def _errors(diagnostics: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [d for d in diagnostics if d.get("severity") == 1]


def _said(errors: list[dict[str, Any]]) -> str:
    return "; ".join(
        f"{e['range']['start']['line'] + 1}:{e['range']['start']['character'] + 1} {e['message']}"
        for e in errors
    )


@pytest.mark.parametrize("table", _tables(), ids=lambda p: p.stem)
def test_every_rejected_row_gets_the_real_error_alone(table: Path, checked) -> None:
    """One error, with the real message, at the real line and column."""
    misses = []
    for row in _rows(table):
        real = row["real"]
        if real["accepted"]:
            continue
        _, diagnostics = checked[f"{table.stem}/{row['id']}"]
        errors = _errors(diagnostics)
        matched = len(errors) == 1 and errors[0]["message"] == real["message"]
        if matched and real.get("line") is not None:
            matched = errors[0]["range"]["start"]["line"] + 1 == real["line"]
        if matched and real.get("col") is not None:
            matched = errors[0]["range"]["start"]["character"] + 1 == real["col"]
        if not matched:
            misses.append(
                f"{row['id']}: real {real.get('line')}:{real.get('col')} {real['message']!r}; we said {_said(errors)!r}"
            )
    assert not misses, f"{len(misses)} rejected rows not matched:\n" + "\n".join(misses)


@pytest.mark.parametrize("table", _tables(), ids=lambda p: p.stem)
def test_every_accepted_row_gets_no_error_and_the_real_result_type(table: Path, checked) -> None:
    """No error, and `result` printed with the type the real compiler deduced."""
    misses = []
    for row in _rows(table):
        real = row["real"]
        if not real["accepted"]:
            continue
        path, diagnostics = checked[f"{table.stem}/{row['id']}"]
        errors = _errors(diagnostics)
        if errors:
            misses.append(f"{row['id']}: accepted by the real compiler; we said {_said(errors)!r}")
            continue
        printed = run_pto_lsp("compile", str(path), "--after", "parse").stdout
        ours = next(
            (line.strip() for line in printed.splitlines() if line.strip().startswith(RESULT_PREFIXES)), None
        )
        if result_type(ours) != result_type(real["printed"]) or result_type(ours) is None:
            misses.append(f"{row['id']}: real {real['printed']!r}; we print {ours!r}")
    assert not misses, f"{len(misses)} accepted rows not matched:\n" + "\n".join(misses)


def test_every_check_has_an_accepted_and_a_rejected_row() -> None:
    """The table exercises each check both ways (a check only ever refused, or only ever
    passed, says nothing about where its line lies)."""
    kinds: dict[tuple[str, str], set[bool]] = {}
    for table in _tables():
        for row in _rows(table):
            kinds.setdefault((row["op"], row["check"]), set()).add(row["real"]["accepted"])
    one_sided = sorted(f"{op}: {check}" for (op, check), seen in kinds.items() if seen != {True, False})
    assert not one_sided, "checks without both an accepted and a rejected row:\n" + "\n".join(one_sided)
