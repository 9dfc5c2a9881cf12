"""Record the real compiler's pass dumps of programs pto-lsp is not tuned on (run by hand,
never by the tests: they read what this wrote).

    python tests/record_unseen_pass_dumps.py --list FILE...   # the programs each file builds
    python tests/record_unseen_pass_dumps.py [ID...]          # (re)record the indexed programs
    python tests/record_unseen_pass_dumps.py --check-corpus   # record the 85 of pass-dumps, compare

`tests/data/unseen_pass_dumps/index.json` names each held-out program: `id` (its folder),
`file` (relative to `../shared/corpus`), `via` (`module`: a module-level Program;
`factory`: a `build_*` function called with its defaults; `get_program`: a test class
built without arguments, or with `kwargs`, each a Python expression read in the module)
and `label` (that variable, function or class). For each, the real PyPTO (the interpreter `$PYPTO_PYTHON`, default `python`) imports
the file and compiles the program as `../shared/corpus/pass-dumps` was made:
`ir.compile(program, output_dir=..., skip_ptoas=True, dump_passes=True,
emit_source_loc=False)`, the Default pipeline and backend, no ruff on the PATH. Its dumps of stages 00 (the
parse) to 11 (ConvertTensorToTileOps) are written to `<id>/`, with blank lines laid out as
in pass-dumps (one after the import line, none elsewhere). `--check-corpus` records the
85 programs of pass-dumps the same way and says whether each stage is byte-identical to
the dump there: the proof that this recorder makes dumps the way those were made.

The upstream test files import the real test harness (`harness`, from
`../shared/corpus/upstream/pypto/tests/st`) and the origin repository's examples
(`examples.models...`, from `../shared/corpus/upstream/pypto`), both put on the real
interpreter's path.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
DATA = REPO / "tests" / "data" / "unseen_pass_dumps"
REAL_PYTHON = os.environ.get("PYPTO_PYTHON", "python")
HARNESS = CORPUS / "upstream" / "pypto" / "tests" / "st"
UPSTREAM = CORPUS / "upstream" / "pypto"  # what `from examples.models... import` reads
LAST_STAGE = 11


def _import(path: str) -> ModuleType:
    import importlib.util

    sys.path.insert(0, os.path.dirname(path))
    spec = importlib.util.spec_from_file_location("unseen_case", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _programs(module: ModuleType) -> list[tuple[str, str]]:
    """(via, label) of every program the file builds, as pass-dumps counts them."""
    import inspect

    from pypto import ir

    found = []
    for name, value in vars(module).items():
        if isinstance(value, ir.Program):
            found.append(("module", name))
        elif inspect.isfunction(value) and name.startswith("build_") and value.__module__ == module.__name__:
            if all(p.default is not p.empty for p in inspect.signature(value).parameters.values()):
                found.append(("factory", name))
        elif inspect.isclass(value) and value.__module__ == module.__name__ and hasattr(value, "get_program"):
            found.append(("get_program", name))
    return found


def _build(module: ModuleType, via: str, label: str, arguments: str = "{}") -> Any:
    """`arguments`: a JSON object of keyword arguments for the test class, each a Python
    expression read in the module (`{"dtype": "DataType.BF16"}`)."""
    value = getattr(module, label)
    if via == "module":
        return value
    if via == "factory":
        return value()
    kwargs = {key: eval(text, vars(module)) for key, text in json.loads(arguments).items()}
    return value(**kwargs).get_program()


def _real_list(paths: list[str]) -> None:
    """Inside the real interpreter: each file's programs that build, one JSON line each."""
    from pypto import ir

    for path in paths:
        try:
            module = _import(path)
        except BaseException as exc:  # a file that does not import is skipped
            print(json.dumps({"file": path, "error": f"{type(exc).__name__}: {exc}"[:200]}), flush=True)
            continue
        for via, label in _programs(module):
            try:
                program = _build(module, via, label)
                ok = isinstance(program, ir.Program)
                name = program.name if ok else None
            except BaseException as exc:
                ok, name = False, f"{type(exc).__name__}: {exc}"[:200]
            print(
                json.dumps({"file": path, "via": via, "label": label, "ok": ok, "program": name}), flush=True
            )


def _real_record(path: str, via: str, label: str, outdir: str, arguments: str = "{}") -> None:
    """Inside the real interpreter: compile one program with its pass dumps into `outdir`."""
    from pypto import ir

    program = _build(_import(path), via, label, arguments)
    ir.compile(program, output_dir=outdir, skip_ptoas=True, dump_passes=True, emit_source_loc=False)


def laid_out(text: str) -> str:
    """A real dump with blank lines as pass-dumps has them: one after the import line."""
    lines = [line for line in text.splitlines() if line.strip()]
    out = []
    for line in lines:
        out.append(line)
        if line == "import pypto.language as pl":
            out.append("")
    return "\n".join(out) + "\n"


def _without_ruff(path: str) -> str:
    """PATH without the folders holding a `ruff`: the real printer passes each dump through
    ruff format when it finds one (line wrapping, quotes), and pass-dumps was made without."""
    return os.pathsep.join(d for d in path.split(os.pathsep) if not (Path(d) / "ruff").exists())


def _run_real(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    paths = os.pathsep.join([str(HARNESS), str(UPSTREAM)])
    env = {**os.environ, "PYTHONPATH": paths, "PATH": _without_ruff(os.environ.get("PATH", ""))}
    return subprocess.run(
        [REAL_PYTHON, str(Path(__file__).resolve()), *args],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=str(cwd),
        env=env,
    )


def record_one(
    file: Path, via: str, label: str, arguments: dict[str, str] | None = None
) -> dict[str, str] | str:
    """The stage dumps of one program, by file name, or why the real compile failed."""
    with tempfile.TemporaryDirectory() as outdir:
        proc = _run_real(
            "--real-record", str(file), via, label, outdir, json.dumps(arguments or {}), cwd=file.parent
        )
        dumps = Path(outdir) / "passes_dump"
        if not dumps.is_dir():
            return (proc.stderr.strip().splitlines() or ["no dumps"])[-1]
        found = {}
        for dump in sorted(dumps.iterdir()):
            if dump.name[:2].isdigit() and int(dump.name[:2]) <= LAST_STAGE:
                found[dump.name] = laid_out(dump.read_text(encoding="utf-8"))
        if len(found) != LAST_STAGE + 1:
            return f"only {len(found)} stages dumped: " + (proc.stderr.strip().splitlines() or [""])[-1]
        return found


def record_index(ids: list[str]) -> int:
    """Record the indexed programs (only those of `ids`, when given)."""
    index = json.loads((DATA / "index.json").read_text(encoding="utf-8"))
    failed = 0
    for entry in index:
        if ids and entry["id"] not in ids:
            continue
        found = record_one(CORPUS / entry["file"], entry["via"], entry["label"], entry.get("kwargs"))
        folder = DATA / entry["id"]
        shutil.rmtree(folder, ignore_errors=True)
        if isinstance(found, str):
            print(entry["id"], entry["label"], "FAILED:", found, file=sys.stderr)
            failed += 1
            continue
        folder.mkdir(parents=True)
        for name, text in found.items():
            (folder / name).write_text(text, encoding="utf-8")
        print(entry["id"], entry["label"], "recorded", file=sys.stderr)
    return 1 if failed else 0


def check_corpus() -> int:
    dumps = CORPUS / "pass-dumps"
    differing = 0
    for entry in json.loads((dumps / "index.json").read_text(encoding="utf-8")):
        via = "module" if entry["via"] == "ir.compile" else entry["via"]
        found = record_one(CORPUS.parent / entry["file"], via, entry["label"])
        if isinstance(found, str):
            print(entry["id"], "FAILED:", found)
            differing += 1
            continue
        bad = [
            n for n, text in found.items() if (dumps / entry["id"] / n).read_text(encoding="utf-8") != text
        ]
        differing += bool(bad)
        print(entry["id"], entry["label"], "identical" if not bad else f"differs: {bad}", flush=True)
    return 1 if differing else 0


def main() -> int:
    args = sys.argv[1:]
    if args[:1] == ["--real-list"]:
        _real_list(args[1:])
        return 0
    if args[:1] == ["--real-record"]:
        _real_record(*args[1:6])
        return 0
    if args[:1] == ["--list"]:
        for file in args[1:]:
            print(_run_real("--real-list", str(Path(file).resolve()), cwd=Path(file).parent).stdout, end="")
        return 0
    if args[:1] == ["--check-corpus"]:
        return check_corpus()
    return record_index(args)


if __name__ == "__main__":
    raise SystemExit(main())
