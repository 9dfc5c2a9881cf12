"""Record what the real compiler says about every row of the op conformance grids.

Run it with a Python that imports the real PyPTO (hw-native-sys/pypto, built from
source as `../shared/spec/pypto-language.md` §10 says); the tests never run it,
they read what it wrote:

    /path/to/real/python tests/op_conformance/make_table.py [GRID ...]

For each grid module `grids/<name>.py` it writes `tables/<name>.json`: every row's
module text, the line of its call, and the real verdict — `accepted` with the line
the real printer writes for `result = ...` (its deduced type), or the error's class,
first message line, line and column. Each row is imported as a module of its own
(the `@pl.program` class is parsed then), all in this one process.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from op_conformance.grid import RESULT, Row  # noqa: E402

# The real compiler every verdict of ../shared was made with; build that one.
MADE_WITH = "hw-native-sys/pypto e2d0f78"


def _locate(error: BaseException, path: Path) -> tuple[int | None, int | None]:
    """The error's line and column in the row's file: the parser error's span, Python's
    syntax error position, or the deepest traceback frame in the file (no column)."""
    span = getattr(error, "span", None)
    if isinstance(span, dict) and (span.get("begin_line") or 0) > 0:
        column = span.get("begin_column")
        return span["begin_line"], column if column and column > 0 else None
    if isinstance(error, SyntaxError) and error.filename and Path(error.filename) == path:
        return error.lineno, error.offset
    line = None
    for frame, lineno in traceback.walk_tb(error.__traceback__):
        if Path(frame.f_code.co_filename) == path:
            line = lineno
    return line, None


def _message(error: BaseException) -> str:
    message = getattr(error, "message", None) if hasattr(error, "span") else None
    if isinstance(error, SyntaxError) and not hasattr(error, "span"):
        message = error.msg
    text = str(message if message is not None else error)
    return text.split("\n", 1)[0]


def judge(row: Row, directory: Path, index: int) -> dict[str, Any]:
    """Import the row's module and say what the real compiler did with it."""
    from pypto import ir  # the real compiler: only ever imported here

    path = directory / f"row_{index:05d}.py"
    path.write_text(row.source(), encoding="utf-8")
    name = f"_conformance_row_{index:05d}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # what the real compiler raised is the record
        line, column = _locate(error, path)
        return {
            "accepted": False,
            "error_class": type(error).__name__,
            "message": _message(error),
            "line": line,
            "col": column,
        }
    printed = ir.python_print(module.Conformance)
    result_lines = [
        line.strip()
        for line in printed.splitlines()
        if line.strip().startswith((f"{RESULT}:", f"{RESULT} ="))
    ]
    return {"accepted": True, "printed": result_lines[0] if result_lines else None}


def grid_rows(name: str) -> list[Row]:
    return list(importlib.import_module(f"op_conformance.grids.{name}").ROWS)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("grids", nargs="*", help="grid module names (default: every grid)")
    args = parser.parse_args()
    names = args.grids or sorted(p.stem for p in (HERE / "grids").glob("*.py") if p.stem != "__init__")
    (HERE / "tables").mkdir(exist_ok=True)
    for name in names:
        rows = grid_rows(name)
        ids = [row.id for row in rows]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise SystemExit(f"{name}: duplicate row ids {duplicates}")
        with tempfile.TemporaryDirectory() as directory:
            records = [
                {
                    "id": row.id,
                    "op": row.op,
                    "check": row.check,
                    "source": row.source(),
                    "call_line": row.call_line,
                    "real": judge(row, Path(directory), index),
                }
                for index, row in enumerate(rows)
            ]
        table = {"made_with": MADE_WITH, "grid": name, "rows": records}
        out = HERE / "tables" / f"{name}.json"
        out.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        accepted = sum(r["real"]["accepted"] for r in records)
        print(
            f"{name}: {len(records)} rows, {accepted} accepted, {len(records) - accepted} rejected -> {out}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
