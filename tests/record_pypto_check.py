"""Record what the real PyPTO says of corpus files through the pypto check's worker.

    python tests/record_pypto_check.py PYTHON FILE...   (PYTHON: an interpreter that imports pypto)

Writes tests/data/pypto_check/real_records.json: per file (relative to the shared folder), the
worker's raw record of the real compiler's outputs (the exceptions' class and message, what
its logger printed, its perf_hints.log; never its code), the pypto version and how long the
check took. Paths in the outputs are made relative to the shared folder, as the corpus
recordings are. Read by tests/test_pypto_check.py.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from pto_lsp.workspace.real_compiler import RealCompiler

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
OUT = REPO / "tests" / "data" / "pypto_check" / "real_records.json"


def _relative(value: Any, prefix: str) -> Any:
    if isinstance(value, str):
        return value.replace(prefix, "")
    if isinstance(value, list):
        return [_relative(v, prefix) for v in value]
    if isinstance(value, dict):
        return {k: _relative(v, prefix) for k, v in value.items()}
    return value


async def record(python: str, files: list[Path]) -> dict[str, Any]:
    compiler = RealCompiler(python, timeout_s=300)
    found: dict[str, Any] = {}
    prefix = str(SHARED.resolve()) + "/"
    try:
        for path in files:
            check = await compiler.check(str(path))
            key = str(path.resolve().relative_to(SHARED.resolve()))
            found[key] = _relative(
                {
                    "pypto_version": check.pypto_version,
                    "seconds": round(check.seconds, 2),
                    "failure": check.failure,
                    "detail": check.detail,
                    "record": check.record,
                },
                prefix,
            )
            print(f"{key}: {check.summary()}", file=sys.stderr)
    finally:
        await compiler.close()
    return found


def main() -> None:
    python, *names = sys.argv[1:]
    found = asyncio.run(record(python, [Path(n) for n in names]))
    kept = json.loads(OUT.read_text()) if OUT.exists() else {}
    kept.update(found)
    OUT.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
