"""The real compile's performance hint PH-MR-001 (`memory_reuse_pass.cpp`): MemoryReuse
could not keep all the stages of a software pipeline (a `pl.pipeline(..., stage=D)` loop's
copies) in separate buffers, so stages F apart share storage:

    [perf_hint PH-MR-001] MemoryReuse: software pipelining requested depth 4 for pipeline
    group 0 in Vec, but only 3 of 4 buffers fit (32768 B per stage, 188416 B free) — stages 3
    apart share storage and serialize. The operand would fit depth 4 on its own, ...

One hint per pipeline group and memory space whose kept stages F fell below its stages D, for
each kernel in the order of their names (the program's functions are a map by name), and in
a kernel by space (`MemorySpace` order), then group: the order of the real pass's map. The
location is the kernel's (its `def`, or the scope it was outlined from). The bytes per stage
are the group's largest tile, aligned; "free" is the space's capacity (no reserved region:
a kernel with one is not planned here). When D stages of that tile alone exceed the free
bytes, the hint says to shrink the tile; else to relieve the tiles live beside it.

Given only where every kernel's pipelined spaces are planned exactly (`KernelMemory.
depth_reductions`), for the default SoC (910B); else None: not judged.
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Severity, Stage
from compiler.base.span import Span
from compiler.codegen.kernel_memory import KernelMemory
from compiler.codegen.tile_memory import DEFAULT_SOC, SPACE_NUMBERS, DepthReduction, capacity

HINT_CODE = "PH-MR-001"
PASS_NAME = "MemoryReuse"


def pipeline_depth_hints(memories: list[KernelMemory]) -> list[Diagnostic] | None:
    """The PH-MR-001 hints of a program's kernels; None when one kernel's are not known."""
    if any(memory.depth_reductions is None for memory in memories):
        return None
    found = []
    for memory in sorted(memories, key=lambda kernel: kernel.name):
        reductions = sorted(memory.depth_reductions or (), key=lambda r: (SPACE_NUMBERS[r.space], r.group))
        start = Span(
            memory.span.start_line, memory.span.start_col, memory.span.start_line, memory.span.start_col
        )
        found.extend(_hint(reduction, start) for reduction in reductions)
    return found


def depth_message(reduction: DepthReduction, free: int) -> str:
    """The hint's text (after its `[perf_hint PH-MR-001] ` tag), with `free` bytes in the space."""
    requested, achieved = reduction.requested, reduction.achieved
    message = (
        f"{PASS_NAME}: software pipelining requested depth {requested} for pipeline group {reduction.group} "
        f"in {reduction.space}, but only {achieved} of {requested} buffers fit ({reduction.slot} B per stage, "
        f"{free} B free) — stages {achieved} apart share storage and serialize. "
    )
    need = reduction.slot * requested
    if need > free:
        return message + (
            f"This operand alone needs {need} B for depth {requested}; shrink the per-stage tile to <= "
            f"{free // requested} B, or reduce the pipeline depth (e.g. `pl.pipeline(stage=)`) to {achieved}."
        )
    return message + (
        f"The operand would fit depth {requested} on its own, but co-resident buffers / other pipeline "
        f"groups over-subscribe the space; relieve the co-residents (smaller or fewer co-live tiles) or "
        f"reduce the pipeline depth to {achieved}."
    )


def _hint(reduction: DepthReduction, at: Span) -> Diagnostic:
    return Diagnostic(
        codes.PERF_HINT_PIPELINE_DEPTH,
        depth_message(reduction, capacity(DEFAULT_SOC, reduction.space) or 0),
        at,
        severity=Severity.HINT,
        stage=Stage.MEMORY_REUSE,
        data={"hint_code": HINT_CODE, "space": reduction.space, "group": reduction.group},
    )
