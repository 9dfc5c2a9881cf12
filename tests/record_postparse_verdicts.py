"""Record what the real compiler says of the kernels under a case folder (run by hand, never
by the tests: they read what this wrote).

    PYPTO_PYTHON=/path/to/python python tests/record_postparse_verdicts.py [FOLDER]

With `--soc950 [FOLDER]`: its cast cases (`*cast*`) compiled for the other backend
(`ir.compile(..., backend_type=BackendType.Ascend950)`, arch a5), into FOLDER's
`soc950_verdicts.json` (the same form; a case the parser refuses is left out). Each `*.py` there is checked by the pypto
check's own worker (`pto_lsp/workspace/pypto_worker.py`, run by `$PYPTO_PYTHON`, an
interpreter that imports the real PyPTO, hw-native-sys/pypto e2d0f78): its import (the real
parser) and `ir.compile` of each module-level program (Ascend910B, PTOAS skipped). The
worker's record is read as the editor reads it (`features/real_diagnostics.py`) and
`verdicts.json` in FOLDER gets, per case, whether the real compiler accepted it and its
errors: class, message (the location it appends left out; a place it names in the case
file written relative to the repository, no machine's path), line and column (1-based; the
column 0 where the real error names no column, as a Python error in the author's code).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from postparse_mutants import SHARED, materialize

from pto_lsp.features.real_diagnostics import ERROR, real_diagnostics
from pto_lsp.workspace.real_compiler import RealCompiler

REPO = Path(__file__).resolve().parents[1]
# The reason the pypto check's worker gives for a `@pl.jit` kernel it could not specialise.
_UNSPECIALISED = "its signature does not give every tensor's shape"
CASES = REPO / "tests" / "data" / "postparse_cases"


async def record(python: str, files: list[Path]) -> dict[str, Any]:
    compiler = RealCompiler(python, timeout_s=300)
    found: dict[str, Any] = {}
    try:
        for path in files:
            check = await compiler.check(str(path))
            if check.record is None:
                raise SystemExit(
                    f"{path.name}: the real compiler did not run: {check.failure} {check.detail}"
                )
            unspecialised = [n for n in check.record.get("not_checked", []) if _UNSPECIALISED in n["reason"]]
            if unspecialised or not (check.record["programs"] or check.record["import"]):
                # A `@pl.jit` kernel the worker could not specialise (no shapes): no verdict.
                print(f"{path.name}: not checked whole, left out", file=sys.stderr)
                continue
            text = path.read_text(encoding="utf-8")
            errors = [
                {
                    "class": d.code,
                    "message": d.message.replace(f"{REPO}/", ""),
                    "line": d.line,
                    "col": d.column,
                }
                for d in real_diagnostics(check.record, str(path), text)
                if d.severity == ERROR
            ]
            found[path.name] = {"accepted": not errors, "errors": errors}
            print(f"{path.name}: {errors[0]['message'] if errors else 'accepted'}", file=sys.stderr)
    finally:
        await compiler.close()
    return found


# Run by $PYPTO_PYTHON: each file's module-level programs compiled for the Ascend950; one JSON
# line per file: the first program's exception (class, first message line) or none.
_SOC950_SCRIPT = """
import importlib.util, json, sys, tempfile
from pypto import ir
from pypto.backend import BackendType
for path in sys.argv[1:]:
    spec = importlib.util.spec_from_file_location("case", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception:
        continue  # the parser refuses it: not a case for the backend
    found = None
    for value in list(vars(module).values()):
        if isinstance(value, ir.Program) and found is None:
            with tempfile.TemporaryDirectory() as out:
                try:
                    ir.compile(value, output_dir=out, skip_ptoas=True, backend_type=BackendType.Ascend950)
                except Exception as error:
                    found = [type(error).__name__, (str(error).splitlines() or [""])[0]]
    print(json.dumps([path, found]))
"""
_PLACED = re.compile(r"^(?P<message>.*) \[(?P<file>.+):(?P<line>\d+):(?P<col>\d+)\]$")


def record_soc950(python: str, files: list[Path]) -> dict[str, Any]:
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(_SOC950_SCRIPT)
    try:
        proc = subprocess.run(
            [python, script.name, *map(str, files)], capture_output=True, text=True, timeout=900, check=True
        )
    finally:
        os.unlink(script.name)
    found: dict[str, Any] = {}
    for row in proc.stdout.splitlines():
        if not row.startswith("["):
            continue
        path, error = json.loads(row)
        errors = []
        if error is not None:
            placed = _PLACED.match(error[1])
            where = (int(placed["line"]), int(placed["col"])) if placed else (0, 0)
            message = placed["message"] if placed else error[1]
            errors.append({"class": error[0], "message": message, "line": where[0], "col": where[1]})
        found[Path(path).name] = {"accepted": not errors, "errors": errors}
    return found


def main() -> int:
    python = os.environ.get("PYPTO_PYTHON")
    if not python:
        print("set PYPTO_PYTHON to an interpreter that imports the real pypto", file=sys.stderr)
        return 2
    soc950 = sys.argv[1:2] == ["--soc950"]
    args = sys.argv[2:] if soc950 else sys.argv[1:]
    folder = Path(args[0]) if args else CASES
    # Mutants of pypto's system tests import their `harness` package, as the tests do where
    # they lie: without it the import fails before the compiler is reached.
    harness = str(SHARED / "upstream" / "pypto" / "tests" / "st")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [harness, os.environ.get("PYTHONPATH")]))
    with tempfile.TemporaryDirectory() as temporary:
        written = materialize(folder, Path(temporary) / folder.name)
        # A place the real text names in a case is written relative to the repository.
        here, recorded = f"{Path(temporary) / folder.name}/", f"tests/data/{folder.name}/"
        if soc950:
            found = record_soc950(python, [path for path in written if "cast" in path.name])
            target = folder / "soc950_verdicts.json"
        else:
            found = asyncio.run(record(python, written))
            target = folder / "verdicts.json"
    text = json.dumps(found, indent=1, sort_keys=True).replace(here, recorded)
    target.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
