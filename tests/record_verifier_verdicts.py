"""Record what the real compiler's IR verifier says at pipeline_input (run by hand, never
by the tests: they read what this wrote).

    python tests/record_verifier_verdicts.py [--corpus | --verdict-cases | --heldout]

Runs the real PyPTO (hw-native-sys/pypto e2d0f78, built where $PYPTO_REAL says, see its
NOTES.md) `oracle.py FILE --compile OUTDIR` on each `tests/data/verifier_cases/*.py`
and writes `tests/data/verifier_verdicts.json`: per case, whether the parser accepted
it and the pipeline_input report, compactly — each warning line (`[warning] [Rule]
(pipeline_input) MESSAGE at FILE:LINE:COL`) and each item of a "Verification failed
after 'pipeline_input'" report (Message / Location), as severity, rule, message, line
and column (line and column None where the real location is not in the kernel file,
e.g. inside the compiler's own parser). With `--corpus`, the same for the real corpus
files the MANIFEST marks accepted as programs, into
`tests/data/verifier_corpus_warnings.json`.

With `--heldout`, the same for `tests/data/verifier_heldout/*.py` into
`tests/data/verifier_heldout_verdicts.json`: mutants of real kernels written after the
checks they exercise, never used to tune them (the held-out score of the verifier). A case
that is a mutant of a ../shared kernel is made from its recipe (the folder's `mutants.json`,
`tests/postparse_mutants.py`), as the tests make it.

With `--verdict-cases`, no compiler run: the pipeline_input warnings the real oracle
printed (its `captured` stderr, Default pass pipeline) for every case of
`../shared/corpus/{op,parser}-verdicts`, read from its recorded
`$PYPTO_REAL/{op,parser}-verdicts.jsonl`, into
`tests/data/verifier_verdict_case_warnings.json`: every case, with its list of
`[rule, message, line, col]` (empty for most).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from postparse_mutants import materialize

REPO = Path(__file__).resolve().parents[1]
# Where the real compiler was built (its venv and oracle.py) and its source checked out.
REAL = Path(os.environ.get("PYPTO_REAL", "pypto-real"))
CASES = REPO / "tests" / "data" / "verifier_cases"
HELDOUT = REPO / "tests" / "data" / "verifier_heldout"
CORPUS = REPO.parent / "shared" / "corpus" / "pypto-real"
HARNESS = (
    Path(os.environ.get("PYPTO_SRC", "pypto-src")) / "tests" / "st"
)  # the real harness the corpus imports
_LOCATION = re.compile(r"^(?P<file>.*):(?P<line>-?\d+):(?P<col>-?\d+)$")
_PIPELINE_INPUT = "Verification failed after 'pipeline_input'"
# A warning line of the C++ logger: `<time> W | [warning] [Rule] (phase) MESSAGE at FILE:LINE:COL`.
_WARNING_LINE = re.compile(r"\[warning\] \[(\w+)\] \((\w+)\) (.*) at (\S+):(\d+):(\d+)$")


def _where(location: str | None, path: Path) -> tuple[int | None, int | None]:
    match = _LOCATION.match(location or "")
    if match is None or Path(match["file"]).resolve() != path.resolve():
        return None, None
    return int(match["line"]), int(match["col"])


def _import_path(shim: Path) -> dict[str, str]:
    """The environment the oracle imports a corpus test file in: the real test
    `harness` package (from the compiler's source tree) and pytest, which the oracle's
    venv lacks, linked from this interpreter's site-packages (nothing else, so none of
    the oracle's own packages is shadowed). Without them 9 of the corpus files fail to
    import (`No module named 'pytest'`) and would be recorded as warning-free."""
    import _pytest
    import iniconfig
    import pluggy
    import py
    import pygments
    import pytest

    for module in (pytest, _pytest, pluggy, py, iniconfig, pygments):
        source = Path(module.__file__)
        source = source.parent if source.name == "__init__.py" else source
        (shim / source.name).symlink_to(source)
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(shim), str(HARNESS)])}


def real_report(path: Path, written: Path | None = None) -> dict[str, Any]:
    """What the real compiler said of `path` (`written`: the folder the cases were written
    out to, named `tests/data` in the messages, as the tests name it)."""
    with tempfile.TemporaryDirectory() as outdir, tempfile.TemporaryDirectory() as shim:
        proc = subprocess.run(
            [str(REAL / "venv" / "bin" / "python"), str(REAL / "oracle.py"), str(path), "--compile", outdir],
            capture_output=True,
            text=True,
            timeout=900,
            cwd=str(path.parent),
            env=_import_path(Path(shim)),
        )
    record = json.loads(proc.stdout)
    # kind is "error" also when the parser accepted the file and a pass failed (the
    # verifier's errors); whether the parser accepted it is oracle.accepted.
    found: dict[str, Any] = {"parsed": bool(record["oracle"]["accepted"]), "diagnostics": []}
    # The programs the real pipeline ran on: a module-level `ir.Program` each (one built
    # inside a function is never compiled by the oracle).
    found["programs"] = len(record.get("compile", {}).get("programs", []))
    if not found["parsed"]:
        found["parser_error"] = record["oracle"].get("message")
        return found
    for program in record.get("compile", {}).get("programs", []):
        for warning in program.get("warnings", []):
            if warning.get("phase") != "pipeline_input":
                continue
            line, col = _where(warning.get("loc"), path)
            found["diagnostics"].append(
                {
                    "severity": "warning",
                    "rule": warning["rule"],
                    "message": _no_machine_path(warning["msg"], written),
                    "line": line,
                    "col": col,
                }
            )
        exception = program.get("exception") or {}
        if exception.get("message", "").startswith(_PIPELINE_INPUT):
            for item in exception.get("verifier_report") or []:
                line, col = _where(item["loc"], path)
                found["diagnostics"].append(
                    {
                        "severity": "error",
                        "rule": item["rule"],
                        "message": _no_machine_path(item["msg"], written),
                        "line": line,
                        "col": col,
                    }
                )
        elif exception:
            later = exception.get("message_first_line") or ""
            found.setdefault("later_errors", []).append(_no_machine_path(later, written))
    return found


def _no_machine_path(message: str, written: Path | None = None) -> str:
    """A message naming a place in the case file (`... at FILE:22:18; ...`), with the file
    relative to the repository, as the test writes ours: no machine's path is recorded."""
    if written is not None:
        message = message.replace(f"{written}/", "tests/data/")
    return message.replace(f"{REPO}/", "")


def accepted_programs() -> list[Path]:
    rows = (CORPUS / "MANIFEST.md").read_text(encoding="utf-8").splitlines()
    paths = []
    for row in rows:
        cells = [cell.strip() for cell in row.split("|")]
        if len(cells) > 8 and cells[-2] == "yes (program)":
            folder = cells[2]
            paths.append(CORPUS / folder / cells[3].strip("`"))
    return paths


def verdict_case_warnings() -> dict[str, list[list[Any]]]:
    found: dict[str, list[list[Any]]] = {}
    for corpus in ("op-verdicts", "parser-verdicts"):
        for row in (REAL / f"{corpus}.jsonl").read_text(encoding="utf-8").splitlines():
            record = json.loads(row)
            warnings = []
            for line in record["captured"]["stderr"].splitlines():
                match = _WARNING_LINE.search(line)
                if match and match[2] == "pipeline_input":
                    warnings.append([match[1], match[3], int(match[5]), int(match[6])])
            found[f"{corpus}/{record['file']}"] = warnings
    return dict(sorted(found.items()))


def _one_line_per_file(table: dict[str, list[list[Any]]]) -> str:
    rows = [f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}" for key, value in table.items()]
    return "{\n" + ",\n".join(rows) + "\n}\n"


def main() -> int:
    if "--verdict-cases" in sys.argv:
        target = REPO / "tests" / "data" / "verifier_verdict_case_warnings.json"
        target.write_text(_one_line_per_file(verdict_case_warnings()), encoding="utf-8")
        return 0
    if "--corpus" in sys.argv:
        out = {}
        for path in accepted_programs():
            report = real_report(path)
            if not report["parsed"] or not report["programs"]:
                print(path.name, "not judged:", report.get("parser_error") or "no program", file=sys.stderr)
                continue  # the real pipeline never ran on it: nothing to hold us to
            out[str(path.relative_to(CORPUS))] = [
                {"rule": d["rule"], "message": d["message"], "line": d["line"]}
                for d in report["diagnostics"]
                if d["severity"] == "warning"
            ]
            print(path.name, len(out[str(path.relative_to(CORPUS))]), file=sys.stderr)
        target = REPO / "tests" / "data" / "verifier_corpus_warnings.json"
    else:
        heldout = "--heldout" in sys.argv
        folder = HELDOUT if heldout else CASES
        out = {}
        with tempfile.TemporaryDirectory() as temporary:
            # The mutants of ../shared kernels made from their recipes, beside our own cases.
            written = Path(temporary).resolve()
            for path in materialize(folder, written / folder.name):
                out[path.name] = real_report(path, written)
                print(path.name, out[path.name], file=sys.stderr)
        name = "verifier_heldout_verdicts.json" if heldout else "verifier_verdicts.json"
        target = REPO / "tests" / "data" / name
    target.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
