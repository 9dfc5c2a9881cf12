"""Record what the real parser says of each op mutant (`tests/op_mutants.py`); run by hand,
never by the tests (they read what this wrote):

    PYPTO_PYTHON=/path/to/python python tests/record_op_mutants.py [--limit N]

Writes `tests/data/op_mutants/mutants.json` (the recipes) and `verdicts.json`: per mutant,
whether the real import (the DSL parser and the op deductions it runs, hw-native-sys/pypto
e2d0f78) accepted it, else the error's class, first message line, line and column. A
mutant whose kernel the real import refuses as it stands (a module it needs, say) is left
out: its verdict would not be about the mistake. With `--kind-swaps`: the cases of `tests/op_kind_swaps.py`
instead, into `tests/data/op_kind_swaps/cases.json`. With `--judge LIST OUT` this file is
the driver the real interpreter runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "data" / "op_mutants"


def judge(listing: Path, out: Path) -> None:
    """In the real interpreter: import each file of `listing`, one JSON line per file."""
    sys.path.insert(0, str(HERE))
    from op_conformance.make_table import _locate, _message
    from postparse_mutants import SHARED

    # The upstream tests import their harness package (../shared, run where it lies).
    sys.path.append(str(SHARED / "upstream" / "pypto" / "tests" / "st"))

    with out.open("w", encoding="utf-8") as sink:
        for index, line in enumerate(listing.read_text().splitlines()):
            path = Path(line)
            spec = importlib.util.spec_from_file_location(f"_op_mutant_{index}", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            record: dict = {"file": path.name, "accepted": True}
            try:
                spec.loader.exec_module(module)
            except BaseException as error:  # what the real compiler raised is the record
                at, column = _locate(error, path)
                record = {
                    "file": path.name,
                    "accepted": False,
                    "error_class": type(error).__name__,
                    "message": _message(error),
                    "line": at,
                    "col": column,
                }
            sink.write(json.dumps(record) + "\n")
            sink.flush()


def _judge_all(python: str, texts: dict[str, str]) -> dict[str, dict]:
    """name -> the real import's record of the text, each written to a file of that name."""
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        for name, text in texts.items():
            (folder / name).write_text(text, encoding="utf-8")
        listing = folder / "list.txt"
        listing.write_text("".join(f"{folder / name}\n" for name in texts))
        results = folder / "out.jsonl"
        subprocess.run([python, __file__, "--judge", str(listing), str(results)], check=True, cwd=folder)
        return {record["file"]: record for record in map(json.loads, results.read_text().splitlines())}


def _python() -> str:
    python = os.environ.get("PYPTO_PYTHON") or os.environ.get("PYPTO_REAL")
    if not python:
        raise SystemExit("set PYPTO_PYTHON to an interpreter that imports the real PyPTO")
    return python


def _record_kind_swaps() -> int:
    from op_kind_swaps import CASES, cases

    made = cases()
    judged = _judge_all(_python(), {name: case["source"] for name, case in made.items()})
    for name, case in made.items():
        case["real"] = {k: v for k, v in judged[name].items() if k != "file"}
    CASES.parent.mkdir(parents=True, exist_ok=True)
    CASES.write_text(json.dumps(made, indent=1, sort_keys=True) + "\n")
    print(f"{len(made)} cases: {sum(not c['real']['accepted'] for c in made.values())} rejected")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int)
    parser.add_argument("--judge", nargs=2, type=Path, metavar=("LIST", "OUT"))
    parser.add_argument(
        "--kind-swaps", action="store_true", help="judge tests/op_kind_swaps.py's cases instead"
    )
    options = parser.parse_args()
    if options.judge:
        judge(*options.judge)
        return 0
    if options.kind_swaps:
        return _record_kind_swaps()
    from op_mutants import BASES, candidate_bases, mutants
    from postparse_mutants import SHARED, mutant_text

    python = _python()
    OUT.mkdir(parents=True, exist_ok=True)
    candidates = candidate_bases()
    judged = _judge_all(
        python,
        {
            f"base_{i:04d}.py": (SHARED / base).read_text(encoding="utf-8")
            for i, base in enumerate(candidates)
        },
    )
    accepted = [base for i, base in enumerate(candidates) if judged[f"base_{i:04d}.py"]["accepted"]]
    BASES.write_text(json.dumps(accepted, indent=1) + "\n")
    made = mutants(options.limit)
    judged = _judge_all(python, {m.name: mutant_text(m.base, m.recipe()["edits"]) for m in made})
    verdicts = {m.name: {k: v for k, v in judged[m.name].items() if k != "file"} for m in made}
    (OUT / "mutants.json").write_text(
        json.dumps({m.name: m.recipe() for m in made}, indent=1, sort_keys=True) + "\n"
    )
    (OUT / "verdicts.json").write_text(json.dumps(verdicts, indent=1, sort_keys=True) + "\n")
    rejected = sum(not v["accepted"] for v in verdicts.values())
    print(
        f"{len(accepted)}/{len(candidates)} kernels accepted as they stand; {len(made)} mutants: {rejected} rejected"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
