"""Hold `pto-lsp compile --emit mlir` to the real compiler's PTO MLIR of the corpus kernels.

`tests/data/real_pto/` holds what the real compiler (hw-native-sys/pypto e2d0f78,
`ir.compile(program, backend_type=Ascend910B, skip_ptoas=True)`) wrote for every
program and fully annotated `@pl.jit` function the corpus files build
(`index.json`: per file, per program, its verdict and its `.pto` files; how they
were made: `tests/data/README.md`). The corpus files themselves are read in place
(`../shared/corpus/pypto-real`).

Each real kernel module gets one verdict:

- `byte`: our module is the real one byte for byte (the real `loc(...)` suffixes
  stripped, as `compile --emit mlir` prints without `--emit-source-loc`);
- `ops`: the same operations, in the same order, with the same types, shapes and
  operands, once SSA value names are renamed in order of definition, constants are
  read as their values and tile addresses are left out;
- `differ`: something else;
- `not emitted`: we say why not.

Run it on its own to see where the emitter stands:

    python tests/real_mlir.py [-v]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "pypto-real"
DATA = REPO / "tests" / "data" / "real_pto"
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

_LOC = re.compile(r' loc\("[^"]*":\d+:\d+\)')
_SSA = re.compile(r"%[A-Za-z0-9_]+")
_CONSTANT = re.compile(r"^\s*(%[A-Za-z0-9_]+) = arith\.constant (.+)$")
_ADDRESS = re.compile(r"addr = %[A-Za-z0-9_]+ ")
VERDICTS = ("byte", "ops", "differ", "not emitted")


@dataclass(frozen=True)
class RealKernel:
    file: str  # corpus-relative
    program: str
    kind: str  # "program" or "jit"
    function: str
    path: Path

    @property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Judged:
    real: RealKernel
    verdict: str
    ours: str | None  # our module text, or why it is not emitted

    def describe(self) -> str:
        head = f"{self.real.file} {self.real.program}.{self.real.function}: {self.verdict}"
        return head if self.verdict in ("byte", "ops") else f"{head}: {(self.ours or '')[:200]}"


def load_index() -> dict:
    return json.loads((DATA / "index.json").read_text(encoding="utf-8"))


def real_kernels(index: dict | None = None) -> list[RealKernel]:
    index = load_index() if index is None else index
    return [
        RealKernel(file, program["name"], program["kind"], kernel["function"], DATA / kernel["path"])
        for file, entry in index.items()
        for program in entry["programs"]
        for kernel in program["kernels"]
    ]


def without_loc(text: str) -> str:
    return _LOC.sub("", text)


def canonical(text: str) -> list[str]:
    """The module's lines with SSA names renamed in order of first appearance, constants
    replaced by their values, tile addresses left out and `loc(...)` stripped."""
    lines = without_loc(text).splitlines()
    constants = {}
    for line in lines:
        found = _CONSTANT.match(line)
        if found:
            constants[found.group(1)] = f"<{found.group(2)}>"
    names: dict[str, str] = {}

    def rename(match: re.Match[str]) -> str:
        name = match.group(0)
        if name in constants:
            return constants[name]
        if re.fullmatch(r"%arg\d+", name) or name.startswith("%__pypto"):
            return name
        return names.setdefault(name, f"%v{len(names)}")

    out = []
    for line in lines:
        if _CONSTANT.match(line):
            continue
        out.append(_SSA.sub(rename, _ADDRESS.sub("", line)).strip())
    return out


def judge(ours: str | None, real: str) -> str:
    if ours is None:
        return "not emitted"
    if ours == without_loc(real):
        return "byte"
    if canonical(ours) == canonical(real):
        return "ops"
    return "differ"


def our_modules(file: str) -> dict[tuple[str | None, str], tuple[str | None, str]]:
    """(program or None for a JIT kernel, kernel name) -> (our module text or None, why not)."""
    from compiler import analyse_source
    from compiler.codegen.pto_emitter import CodegenOptions
    from pto_lsp.features.dumps import mlir_of

    path = CORPUS / file
    analysis = analyse_source(path.read_text(encoding="utf-8"), str(path))
    dump = mlir_of(analysis, CodegenOptions(file_label=str(path)), keep_analysis=False)
    found: dict[tuple[str | None, str], tuple[str | None, str]] = {}
    for kernel in dump.kernels:
        # (A line for every kernel of a definition whose kernels are not known: `*<name>`.)
        name = f"*{kernel.name}" if kernel.whole else kernel.name
        found.setdefault((kernel.program, name), (kernel.text, kernel.problem))
    return found


def judge_all(index: dict | None = None) -> list[Judged]:
    kernels = real_kernels(index)
    ours_by_file = {file: our_modules(file) for file in dict.fromkeys(k.file for k in kernels)}
    judged = []
    for real in kernels:
        ours = ours_by_file[real.file]
        # A module-level `@pl.function` a program calls is compiled as part of that program.
        # Else the kernels of its program (or JIT entry) not known, and why.
        keys = (
            [(real.program, real.function), (None, real.function), (real.program, f"*{real.program}")]
            if real.kind == "program"
            else [(None, real.function), (None, f"*{real.program}")]
        )
        key = next((key for key in keys if key in ours), keys[0])
        text, problem = ours.get(key, (None, "no such kernel in pto-lsp's pipeline"))
        verdict = judge(text, real.text)
        judged.append(Judged(real, verdict, text if text is not None else problem))
    return judged


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    judged = judge_all()
    counts = Counter(j.verdict for j in judged)
    if args.verbose:
        for j in judged:
            print(j.describe())
    print(", ".join(f"{counts[v]} {v}" for v in VERDICTS) + f" of {len(judged)} real kernel modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
