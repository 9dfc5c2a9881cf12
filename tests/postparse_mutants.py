"""The kernels of the test-data folders that hold mutants of ../shared kernels, written out
(`tests/data/postparse_cases`, `postparse_heldout`, `verifier_cases`, `verifier_heldout`).

Most are mutants of the real kernels in `../shared/corpus` (third-party data, never copied
into this repository): `mutants.json` in each folder names, per case, the kernel it starts
from and the lines the mutation replaces (`[first, last, new text]`, 0-based, end exclusive,
applied bottom-up). A case made of one program of a larger file (a test class's nested
`@pl.program`) also names the base's `lines` it takes (`[first, last]`) and by how many
columns they are `dedent`ed; its edits count from the first of them. The other kernels are
ours: most live in the folder, the newer ones are made from a template by `small_kernels`.
`materialize` writes them all into one directory, under the cases' names.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from small_kernels import write_kernels

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "corpus"


def mutant_text(base: str, edits: list[list], lines: list[int] | None = None, dedent: int = 0) -> str:
    text = (SHARED / base).read_text(encoding="utf-8").splitlines(keepends=True)
    if lines is not None:
        text = [_dedented(line, dedent) for line in text[lines[0] : lines[1]]]
    for first, last, new in reversed(edits):
        text[first:last] = new.splitlines(keepends=True)
    return "".join(text)


def _dedented(line: str, columns: int) -> str:
    """`line` moved `columns` to the left (a blank line keeps only its line break; a line
    indented less is kept as it is: an edit replaces it)."""
    if not line.strip():
        return line[len(line.rstrip("\r\n")) :]
    return line[columns:] if not line[:columns].strip() else line


def recipe_text(recipe: dict) -> str:
    """The text of one case of a `mutants.json`."""
    return mutant_text(recipe["base"], recipe["edits"], recipe.get("lines"), recipe.get("dedent", 0))


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
            path.write_text(recipe_text(recipe), encoding="utf-8")
            written.append(path)
    return sorted(written)
