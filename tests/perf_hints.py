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
from typing import Any

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
    from pto_lsp.workspace.engine import AnalysisEngine

    analysis = AnalysisEngine().analyse_text(str(entry.file), entry.file.read_text(encoding="utf-8"))
    programs = [p for p in analysis.programs if p.name == entry.program]
    if not programs:
        return None
    label = entry.file.relative_to(SHARED)
    found = []
    for program in programs:
        hints = _program_hints(program, analysis.functions, code)
        if hints is None:
            return None
        found.append(
            [
                f"[perf_hint {code}] {d.message} at {label}:{d.span.start_line}:{d.span.start_col + 1}"
                for d in hints
            ]
        )
    return found[0] if len(found) == 1 else None


def _program_hints(program: Any, free: list[Any], code: str) -> list[Any] | None:
    """The hints of `code` the editor shows for a program's compile: its own kernels', and
    (PH001) those of the module-level `@pl.function`s it calls by name (which the real parser
    adds to it), each given in its own definition (`compiler.analysis.callee_hints`). None:
    not judged (a program with kernels of its own besides such calls: its own are not judged;
    PH-MR-001 of a program with such calls)."""
    from compiler.analysis import callee_hints
    from compiler.codegen.kernel_memory import is_kernel
    from compiler.codegen.memory_checks import program_memory
    from compiler.ir import InCoreScopeStmt, Program
    from compiler.ir.visit import own_calls, walk_stmts

    called = {
        call.op
        for function in program.functions
        for stmt in walk_stmts(function.body)
        for call in own_calls(stmt)
    }
    callees = [function for function in free if function.name in called]
    if not callees:
        planned = program_memory(program)
        return None if planned.errors else planned.hints if code == PH001 else planned.depth_hints
    if any(
        is_kernel(f) or any(isinstance(s, InCoreScopeStmt) for s in walk_stmts(f.body))
        for f in program.functions
    ):
        return None
    found = []
    # PH-MR-001 comes of MemoryReuse, which takes the program's functions by name.
    for callee in sorted(callees, key=lambda f: f.name) if code != PH001 else callees:
        hints = callee_hints(callee)
        if hints is None:
            return None
        if (
            code != PH001
            and is_kernel(callee)
            and program_memory(Program(callee.name, [callee], callee.span)).depth_hints is None
        ):
            return None  # its stages' sharing is not known: the hints given are not all
        found += [d for d in hints if d.data.get("hint_code") == code]
    if code != PH001:
        return found
    return sorted(found, key=lambda d: (d.span.start_line, d.span.start_col))


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
