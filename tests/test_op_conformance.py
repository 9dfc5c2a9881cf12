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
from conftest import REPO, check_json, diagnostics_by_file, run_pto_lsp

TABLES = REPO / "tests" / "op_conformance" / "tables"
# Rows the real parser accepts and the real full compile rejects in a pass (the first line
# of its error), recorded with the real compiler.
COMPILE_VERDICTS = json.loads(
    (REPO / "tests" / "data" / "op_conformance_compile_verdicts.json").read_text(encoding="utf-8")
)["rejected_by_compile"]
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
    by_file = diagnostics_by_file(report)
    return {key: (path, by_file.get(path.resolve(), [])) for key, path in paths.items()}


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


IMPORT = "import pypto.language as pl"


def _printed_results(rows: list[dict[str, Any]], directory: Path) -> dict[str, str | None]:
    """Row id -> the `result` line `pto-lsp compile --after parse` prints for the row.

    The rows that are a bare program (no module statements of their own) share one
    module, each program renamed after its row, so that one `compile` prints them all
    (one run per row took most of this file's time); the others are compiled alone."""
    printed: dict[str, str | None] = {}
    shared: dict[str, str] = {}  # program name -> row id
    parts = [IMPORT, ""]
    for index, row in enumerate(rows):
        head, _, program = row["source"].partition("@pl.program")
        if head.strip() != IMPORT:
            path = directory / f"alone_{index:05d}.py"
            path.write_text(row["source"], encoding="utf-8")
            printed[row["id"]] = _result_line(run_pto_lsp("compile", str(path), "--after", "parse").stdout)
            continue
        name = f"Conformance_{index:05d}"
        shared[name] = row["id"]
        parts.append("@pl.program" + program.replace("class Conformance:", f"class {name}:", 1))
    if shared:
        path = directory / "shared.py"
        path.write_text("\n".join(parts), encoding="utf-8")
        output = run_pto_lsp("compile", str(path), "--after", "parse").stdout
        for section in output.split("# pypto.program: ")[1:]:
            name, _, text = section.partition("\n")
            if name.strip() in shared:
                printed[shared[name.strip()]] = _result_line(text)
    return printed


def _result_line(printed: str) -> str | None:
    return next(
        (line.strip() for line in printed.splitlines() if line.strip().startswith(RESULT_PREFIXES)), None
    )


@pytest.mark.parametrize("table", _tables(), ids=lambda p: p.stem)
def test_every_accepted_row_gets_no_error_and_the_real_result_type(
    table: Path, checked, tmp_path: Path
) -> None:
    """No error, and `result` printed with the type the real compiler deduced; or, where the
    real compile rejects the row in a pass after parsing it, that error alone."""
    misses = []
    accepted = []
    for row in _rows(table):
        if not row["real"]["accepted"]:
            continue
        key = f"{table.stem}/{row['id']}"
        _, diagnostics = checked[key]
        errors = _errors(diagnostics)
        if key in COMPILE_VERDICTS:
            if [e["message"] for e in errors] != [COMPILE_VERDICTS[key]]:
                misses.append(
                    f"{row['id']}: the real compile says {COMPILE_VERDICTS[key]!r}; we said {_said(errors)!r}"
                )
            continue
        if errors:
            misses.append(f"{row['id']}: accepted by the real compiler; we said {_said(errors)!r}")
        else:
            accepted.append(row)
    printed = _printed_results(accepted, tmp_path)
    for row in accepted:
        ours, real = printed.get(row["id"]), row["real"]["printed"]
        if result_type(ours) != result_type(real) or result_type(ours) is None:
            misses.append(f"{row['id']}: real {real!r}; we print {ours!r}")
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
