"""Grown-tile mutants of real kernels, for the on-chip capacity checks (run by hand).

    python tests/capacity_grown.py --record   # judges them with the real ir.compile
                                              # ($PYPTO_PYTHON, as real_memory.py --record-socs)

The mutants are made from `../shared` when used (`make`), never stored in the project:
only the real compiler's verdicts are (`tests/data/capacity_grown/verdicts.json`).

The bases are the kernels of `../shared/corpus/{op,parser}-verdicts` the real front end
accepts (real kernels of the corpus and of the PyPTO system tests), one case per base
kernel. Each mutant grows its tiles the way an author does when scaling a kernel up: every
power-of-two integer literal of 16 or more (the extents of tensors and tiles, the offsets
and steps that walk them, which stay consistent) is multiplied by 4, so each 2-D tile
takes 16 times the bytes. The real compiler's verdict on each (`verdicts.json`: the
program's error class and message on the 910B, or each kernel's use per space) is what
`tests/test_memory.py` holds pto-lsp to.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import tokenize
from pathlib import Path

from real_memory import _verdicts  # the same reading of the driver's lines

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "corpus"
VERDICTS = REPO / "tests" / "data" / "capacity_grown" / "verdicts.json"
FACTOR = 4


def bases() -> list[Path]:
    """One accepted case per base kernel, in the corpora's order."""
    found: dict[str, Path] = {}
    for corpus in ("op-verdicts", "parser-verdicts"):
        for verdict in json.loads((SHARED / corpus / "verdicts.json").read_text(encoding="utf-8")):
            if verdict["kind"] == "accept":
                found.setdefault(verdict["base"], SHARED / corpus / verdict["file"])
    return list(found.values())


def grow(source: str) -> str:
    """Every power-of-two integer literal >= 16 times FACTOR (tokens, so names and strings
    are left alone)."""
    tokens = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        text = token.string
        if token.type == tokenize.NUMBER and re.fullmatch(r"\d+", text):
            value = int(text)
            if value >= 16 and value & (value - 1) == 0:
                text = str(value * FACTOR)
        tokens.append((token.type, text, token.start, token.end, token.line))
    return tokenize.untokenize(tokens)


def make(into: Path) -> list[Path]:
    """Write each base kernel's grown mutant into `into`."""
    made = []
    for base in bases():
        name = re.sub(r"^[a-z_]+?__", "grown__", base.name, count=1)
        target = into / name
        target.write_text(grow(base.read_text(encoding="utf-8")), encoding="utf-8")
        made.append(target)
    return made


def record() -> dict:
    import os
    import subprocess
    import tempfile

    python = os.environ.get("PYPTO_PYTHON", "python")
    with tempfile.TemporaryDirectory() as cwd, tempfile.TemporaryDirectory() as grown:
        files = sorted(make(Path(grown)))
        proc = subprocess.run(
            [python, str(Path(__file__).parent / "real_memory_driver.py"), "910B", *map(str, files)],
            capture_output=True,
            text=True,
            cwd=cwd,
            timeout=7200,
        )
        lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        return _verdicts(lines, Path(grown))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    if args.record:
        VERDICTS.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
