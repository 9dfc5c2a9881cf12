"""Record what the real compiler says about files of `../shared/corpus/upstream` (run by
hand, never by the tests: they read what this wrote).

    PYPTO_PYTHON=/path/to/real/venv/bin/python python tests/record_upstream_verdicts.py [FILE ...]

`tests/data/upstream_verdicts.json` lists, per file (path relative to `../shared/corpus`),
how its programs are built — `module` (the module-level `@pl.program`s), `builder` (a
factory called with `args`), `test_class` (a test case's `get_program()`, constructed with
its defaults) or `main` (the file run as `__main__` with `argv`, for a `@pl.jit` entry
that its own `__main__` specialises; `import`: the parse only, the file imported) — and this fills in `real`: `accepted`, or the first
error the real PyPTO raised (class, first line of its message, and the line and column
of its span when it has one in the file). A program is built, then compiled as
`ir.compile(program, skip_ptoas=True)`.

Running the real compiler runs the file's own code: only ever on the shared corpus.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
VERDICTS = REPO / "tests" / "data" / "upstream_verdicts.json"
REAL_PYTHON = os.environ.get("PYPTO_PYTHON", "python")

# Runs inside the real compiler's interpreter: build, compile, print one JSON verdict.
_DRIVER = r"""
import importlib.util, json, re, runpy, sys
path, how = sys.argv[1], json.loads(sys.argv[2])
from pypto import ir

def verdict(exc):
    span = getattr(exc, "span", None) or {}
    if not isinstance(span, dict):
        span = {}
    where = span.get("file") or span.get("filename")
    same = where is not None and str(where).endswith(path.split("/corpus/", 1)[-1])
    message = str(exc).splitlines()[0] if str(exc) else ""
    line, column = (span.get("line"), span.get("column")) if same else (None, None)
    # A pass's error names its place at the end of its text: ` [<file>:<line>:<col>]`.
    suffix = re.search(r" \[([^\]]*):(\d+):(\d+)\]$", message)
    if suffix and suffix.group(1).endswith(path.split("/corpus/", 1)[-1]):
        message, line, column = message[: suffix.start()], int(suffix.group(2)), int(suffix.group(3))
    return {"class": type(exc).__name__, "message": message, "line": line, "column": column}

def compile_all(programs):
    for program in programs:
        ir.compile(program, skip_ptoas=True, output_dir=sys.argv[3])

try:
    kind = how["kind"]
    if kind == "main":
        sys.argv = [path, *how.get("argv", [])]
        runpy.run_path(path, run_name="__main__")
    else:
        spec = importlib.util.spec_from_file_location("upstream_case", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if kind == "import":
            pass
        elif kind == "module":
            compile_all([v for v in vars(module).values() if isinstance(v, ir.Program)])
        elif kind == "builder":
            builder = module
            for part in how["name"].split("."):  # a factory, or a class's static one
                builder = getattr(builder, part)
            compile_all([builder(*how.get("args", []))])
        elif kind == "test_class":
            compile_all([getattr(module, how["name"])().get_program()])
    print(json.dumps({"accepted": True}))
except BaseException as exc:  # the verdict is the exception
    print(json.dumps({"accepted": False, "error": verdict(exc)}))
"""


def _search_path(path: Path) -> str:
    """What the file's own test runner puts on sys.path: its directory, the code base's
    root and, for pypto's system tests, `tests/st` (its `harness`)."""
    if not path.is_relative_to(CORPUS / "upstream"):
        return str(path.parent)
    relative = path.relative_to(CORPUS / "upstream")
    root = CORPUS / "upstream" / relative.parts[0]
    entries = [path.parent, root, root / "tests" / "st", root / "tests"]
    return os.pathsep.join(str(entry) for entry in entries)


def judge(file: str, how: dict[str, Any]) -> dict[str, Any]:
    path = REPO / file if file.startswith("tests/") else CORPUS / file
    with tempfile.TemporaryDirectory() as out:
        env = {**os.environ, "PYTHONPATH": _search_path(path)}
        done = subprocess.run(
            [REAL_PYTHON, "-c", _DRIVER, str(path), json.dumps(how), out],
            capture_output=True,
            text=True,
            cwd=out,
            env=env,
            timeout=1800,
        )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(f"{file}: no verdict\n{done.stderr[-2000:]}")
    return json.loads(lines[-1])


def main(argv: list[str]) -> None:
    verdicts = VERDICTS
    if argv and argv[0].endswith(".json"):  # another verdict file of the same form
        verdicts, argv = REPO / argv[0], argv[1:]
    data = json.loads(verdicts.read_text(encoding="utf-8"))
    for case in data["cases"]:
        if argv and case["file"] not in argv:
            continue
        case["real"] = judge(case["file"], case["how"])
        print(case["file"], json.dumps(case["real"]), file=sys.stderr)
    verdicts.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
