"""Hold our PH001 performance hints to the real compile's `perf_hints.log` of each program of
`../shared/corpus/pass-dumps` (where absent, the real compile printed no hint).

    python tests/perf_hints.py [-v]

A program's hints are compared as lines `[perf_hint PH001] MESSAGE at FILE:LINE:COL`, the
file relative to the shared folder, in order, each code on its own: PH001, then MemoryReuse's
`PH-MR-001` (a software-pipelined loop whose stages do not all fit in separate buffers). A
program whose compile we do not take to its end (a pass or the memory planner not modelled for
it) is "not analysed", and so for PH-MR-001 is one with a pipelined kernel whose spaces we do
not all plan (the L0 tiles of a matmul). The real log's hints of other codes are counted
apart, never compared.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from pass_dumps import SHARED, Entry, entries  # noqa: E402

PH001 = "PH001"
PH_MR_001 = "PH-MR-001"
MODELLED = (f"[perf_hint {PH001}] ", f"[perf_hint {PH_MR_001}] ")


def logged_hints(entry: Entry) -> list[str]:
    """Every hint of the real compile's log of the entry's program."""
    log = entry.folder / "perf_hints.log"
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def real_hints(entry: Entry, code: str = PH001) -> list[str]:
    """The real log's hints of `code` (one we model)."""
    return [line for line in logged_hints(entry) if line.startswith(f"[perf_hint {code}] ")]


def our_hints(entry: Entry, code: str = PH001) -> list[str] | None:
    """Our hints of `code` of the entry's program, as the real log writes them (None: not
    analysed)."""
    from compiler.codegen.memory_checks import program_memory
    from pto_lsp.workspace.engine import AnalysisEngine

    analysis = AnalysisEngine().analyse_text(str(entry.file), entry.file.read_text(encoding="utf-8"))
    programs = [p for p in analysis.programs if p.name == entry.program]
    if not programs:
        return None
    label = entry.file.relative_to(SHARED)
    found = []
    for program in programs:
        planned = program_memory(program)
        hints = planned.hints if code == PH001 else planned.depth_hints
        if planned.errors or hints is None:
            return None
        found.append(
            [
                f"[perf_hint {code}] {d.message} at {label}:{d.span.start_line}:{d.span.start_col + 1}"
                for d in hints
            ]
        )
    return found[0] if len(found) == 1 else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    counts: dict[str, Counter[str]] = {PH001: Counter(), PH_MR_001: Counter()}
    others: Counter[str] = Counter()
    for entry in entries():
        others.update(
            line.split("]")[0].removeprefix("[perf_hint ")
            for line in logged_hints(entry)
            if not line.startswith(MODELLED)
        )
        for code, counted in counts.items():
            real, ours = real_hints(entry, code), our_hints(entry, code)
            verdict = "not analysed" if ours is None else "identical" if ours == real else "different"
            counted[verdict] += 1
            if args.verbose and verdict != "identical":
                print(
                    f"{entry.id} {entry.label} {code}: {verdict} "
                    f"(real {len(real)}, ours {None if ours is None else len(ours)})"
                )
                if ours is not None:
                    for line in sorted(set(real) ^ set(ours))[:6]:
                        print(("  real: " if line in real else "  ours: ") + line[:230])
    for code, counted in counts.items():
        print(
            f"{code}:",
            ", ".join(f"{n} {v}" for v, n in sorted(counted.items())),
            f"of {sum(counted.values())} programs",
        )
    if others:
        print(
            "real hints of codes not modelled:",
            ", ".join(f"{code} x{n}" for code, n in sorted(others.items())),
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
