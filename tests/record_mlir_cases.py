"""Record the real compiler's PTO MLIR of our own kernels in `tests/data/mlir_cases/` (run by
hand, never by the tests: they read what this wrote).

    PYPTO_PYTHON=/path/to/real/venv/bin/python python tests/record_mlir_cases.py [CASE.py...]

Each case file (kernels we wrote, never corpus files) is imported by the real PyPTO
(hw-native-sys/pypto e2d0f78) in a child process, and each module-level `ir.Program` compiled
with `ir.compile(program, backend_type=Ascend910B, skip_ptoas=True)`; each kernel's `.pto` is
written to `mlir_cases/<case>/<Program>/<kernel>.pto` with its `loc(...)` suffixes removed (as
`pto-lsp compile --emit mlir` prints without `--emit-source-loc`). A program the real compiler
rejects is left out, and said so on stderr.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CASES = REPO / "tests" / "data" / "mlir_cases"
REAL_PYTHON = os.environ.get(
    "PYPTO_PYTHON", str(Path(os.environ.get("PYPTO_REAL", "pypto-real")) / "venv" / "bin" / "python")
)
_LOC = re.compile(r' loc\("[^"]*":\d+:\d+\)')

# Run by the real interpreter: compile each program of the case into OUT/<Program>/.
_CHILD = """
import importlib.util, json, sys, traceback
from pypto import ir
from pypto.backend import BackendType
path, out = sys.argv[1], sys.argv[2]
spec = importlib.util.spec_from_file_location("mlir_case", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
verdicts = {}
for name, value in vars(module).items():
    if isinstance(value, ir.Program):
        try:
            ir.compile(value, output_dir=f"{out}/{name}", backend_type=BackendType.Ascend910B, skip_ptoas=True)
            verdicts[name] = "ok"
        except Exception as exc:  # noqa: BLE001
            verdicts[name] = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
print(json.dumps(verdicts))
"""


def record(case: Path) -> None:
    target = CASES / case.stem
    with tempfile.TemporaryDirectory() as scratch:
        proc = subprocess.run(
            [REAL_PYTHON, "-c", _CHILD, str(case), scratch], capture_output=True, text=True, check=True
        )
        verdicts = json.loads(proc.stdout.strip().splitlines()[-1])
        for program, verdict in verdicts.items():
            if verdict != "ok":
                print(f"{case.name}: {program}: {verdict}", file=sys.stderr)
                continue
            for pto in sorted(Path(scratch, program, "kernels").rglob("*.pto")):
                written = target / program / pto.name
                written.parent.mkdir(parents=True, exist_ok=True)
                written.write_text(_LOC.sub("", pto.read_text(encoding="utf-8")), encoding="utf-8")


def main(argv: list[str]) -> int:
    cases = [Path(arg).resolve() for arg in argv] or sorted(CASES.glob("*.py"))
    for case in cases:
        record(case)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
