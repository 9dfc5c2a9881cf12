"""Record the real compile's `perf_hints.log` of held-out programs (run by hand, never by the
tests: they read what this wrote).

    PYPTO_PYTHON=/path/to/real/venv/bin/python python tests/record_unseen_perf_hints.py ID...

Each ID names a program of `tests/data/unseen_pass_dumps/index.json` (`file`, `via`,
`label`, as `tests/record_unseen_pass_dumps.py` builds it). The real PyPTO imports the file
(its directory on the path), builds the program and compiles it as
`ir.compile(program, output_dir=..., skip_ptoas=True)`; the log it writes is saved as
`<ID>/perf_hints.log`, each hint's file named relative to the shared folder as
`tests/perf_hints.py` names them. A program whose compile writes no log gets none.

Running the real compiler runs the file's own code: only ever on the shared corpus.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
DATA = REPO / "tests" / "data" / "unseen_pass_dumps"
REAL_PYTHON = os.environ.get("PYPTO_PYTHON", "python")

# Runs inside the real compiler's interpreter: build, compile, print the log's text.
_DRIVER = r"""
import glob, importlib.util, os, sys
path, via, label, out = sys.argv[1:5]
sys.path.insert(0, os.path.dirname(path))
from pypto import ir
spec = importlib.util.spec_from_file_location("unseen_case", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
value = getattr(module, label)
program = value if via == "module" else value() if via == "factory" else value().get_program()
ir.compile(program, output_dir=out, skip_ptoas=True)
for log in glob.glob(os.path.join(out, "**", "perf_hints.log"), recursive=True):
    sys.stdout.write(open(log, encoding="utf-8").read())
"""


def record(entry: dict[str, str]) -> None:
    file = SHARED / "corpus" / entry["file"]
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            [REAL_PYTHON, "-c", _DRIVER, str(file), entry["via"], entry["label"], out],
            capture_output=True,
            text=True,
            cwd=str(file.parent),
            timeout=1800,
        )
    if done.returncode != 0:
        raise RuntimeError(f"{entry['id']}: the real compile failed\n{done.stderr[-2000:]}")
    prefix = str(SHARED.resolve()) + os.sep
    lines = [line.replace(prefix, "") for line in done.stdout.splitlines() if line.startswith("[perf_hint ")]
    target = DATA / entry["id"] / "perf_hints.log"
    if lines:
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{entry['id']}: {len(lines)} hints")


def main(ids: list[str]) -> int:
    index = {e["id"]: e for e in json.loads((DATA / "index.json").read_text(encoding="utf-8"))}
    for wanted in ids:
        record(index[wanted])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
