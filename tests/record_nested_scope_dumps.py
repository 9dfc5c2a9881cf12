"""Record the real compiler's dumps after the outliners (stages 09-11) of the programs of
`tests/data/nested_scopes/` (CORE_GROUP scopes inside others; run by hand, never by the
tests: they read what this wrote).

    PYPTO_PYTHON=/path/to/real/python python tests/record_nested_scope_dumps.py

Each `<case>.py` builds one module-level program, compiled as
`tests/record_unseen_pass_dumps.py` compiles one (`record_one`); the dumps of stages 09
(OutlineIncoreScopes) to 11 (ConvertTensorToTileOps) go to `<case>/`, laid out as
pass-dumps (blank lines: one after the import line). A case the compile stops before
stage 11 gets none (`verdicts.json` beside them, by `tests/record_postparse_verdicts.py`,
says where and why).
"""

from __future__ import annotations

import sys
from pathlib import Path

from record_unseen_pass_dumps import record_one

DATA = Path(__file__).resolve().parent / "data" / "nested_scopes"
STAGES = ("09_", "10_", "11_")


def main() -> int:
    failed = 0
    for case in sorted(DATA.glob("*.py")):
        found = record_one(case, "module", "Nested")
        if isinstance(found, str):
            print(case.name, "no dumps:", found, file=sys.stderr)
            failed += "only" not in found  # (stopped before stage 11: the verdict's case)
            continue
        folder = DATA / case.stem
        folder.mkdir(exist_ok=True)
        for name, text in found.items():
            if name.startswith(STAGES):
                (folder / name).write_text(text, encoding="utf-8")
        print(case.name, "recorded", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
