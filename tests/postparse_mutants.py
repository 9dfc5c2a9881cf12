"""The kernels of `tests/data/postparse_cases` and `tests/data/postparse_heldout`, written out.

Most are mutants of the real kernels in `../shared/corpus/{op,parser}-verdicts` (third-party
data, never copied into this repository): `mutants.json` in each folder names, per case,
the kernel it starts from and the lines the mutation replaces (`[first, last, new text]`,
0-based, end exclusive, applied bottom-up). The `small_*.py` kernels are ours: most live in
the folder, the newer ones are made from a template by `small_kernels`. `materialize`
writes them all into one directory, under the cases' names.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from small_kernels import write_kernels

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "corpus"


def mutant_text(base: str, edits: list[list]) -> str:
    lines = (SHARED / base).read_text(encoding="utf-8").splitlines(keepends=True)
    for first, last, new in reversed(edits):
        lines[first:last] = new.splitlines(keepends=True)
    return "".join(lines)


def materialize(folder: Path, out: Path) -> list[Path]:
    """Every case of `folder` written into `out`; the mutants only where ../shared is present."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for own in sorted(folder.glob("*.py")):
        written.append(Path(shutil.copy(own, out / own.name)))
    written += write_kernels(folder.name, out)
    if SHARED.is_dir():
        recipes = json.loads((folder / "mutants.json").read_text(encoding="utf-8"))
        for name, recipe in sorted(recipes.items()):
            path = out / name
            path.write_text(mutant_text(recipe["base"], recipe["edits"]), encoding="utf-8")
            written.append(path)
    return sorted(written)
