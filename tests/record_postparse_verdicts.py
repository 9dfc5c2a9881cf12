"""Record what the real compiler says of the kernels under a case folder (run by hand, never
by the tests: they read what this wrote).

    PYPTO_PYTHON=/path/to/python python tests/record_postparse_verdicts.py [FOLDER]

FOLDER defaults to tests/data/postparse_cases. Each `*.py` there is checked by the pypto
check's own worker (`pto_lsp/workspace/pypto_worker.py`, run by `$PYPTO_PYTHON`, an
interpreter that imports the real PyPTO, hw-native-sys/pypto e2d0f78): its import (the real
parser) and `ir.compile` of each module-level program (Ascend910B, PTOAS skipped). The
worker's record is read as the editor reads it (`features/real_diagnostics.py`) and
`verdicts.json` in FOLDER gets, per case, whether the real compiler accepted it and its
errors: class, message (the location it appends left out), line and column (1-based; the
column 0 where the real error names no column, as a Python error in the author's code).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from pto_lsp.features.real_diagnostics import ERROR, real_diagnostics
from pto_lsp.workspace.real_compiler import RealCompiler

REPO = Path(__file__).resolve().parents[1]
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
            text = path.read_text(encoding="utf-8")
            errors = [
                {"class": d.code, "message": d.message, "line": d.line, "col": d.column}
                for d in real_diagnostics(check.record, str(path), text)
                if d.severity == ERROR
            ]
            found[path.name] = {"accepted": not errors, "errors": errors}
            print(f"{path.name}: {errors[0]['message'] if errors else 'accepted'}", file=sys.stderr)
    finally:
        await compiler.close()
    return found


def main() -> int:
    python = os.environ.get("PYPTO_PYTHON")
    if not python:
        print("set PYPTO_PYTHON to an interpreter that imports the real pypto", file=sys.stderr)
        return 2
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else CASES
    found = asyncio.run(record(python, sorted(folder.glob("*.py"))))
    target = folder / "verdicts.json"
    target.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
