"""Each kernel's on-chip memory use as a kernel author reads it: `Vec 131,072 / 188,416 bytes`.

The numbers are the compiler's (`compiler.codegen.kernel_memory`), the capacities the
chosen SoC's (`soc` setting, default 910B). A use the real planner's addresses give is
shown as is; one without MemoryReuse modelled says "at most"; a space holding a tile
we cannot size says "not analysed". Shown in the hover of a kernel's header (its `def`
line, or the `with pl.at(...)` line of the scope it is outlined from), as a code lens
on that line, and by `pto-lsp compile --emit memory`.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.analysis import ModuleAnalysis
from compiler.base.span import Span
from compiler.codegen.kernel_memory import KernelMemory, SpaceUse, format_bytes
from compiler.codegen.tile_memory import DEFAULT_SOC, capacity
from pto_lsp.features.memory_map import kernel_map, map_text


def use_text(use: SpaceUse, soc: str = DEFAULT_SOC) -> str:
    """`Vec 131,072 / 188,416 bytes`, `Vec at most 131,072 / 188,416 bytes`."""
    limit = capacity(soc, use.space)
    of = f" / {format_bytes(limit)}" if limit is not None else ""
    at_most = "" if use.exact else "at most "
    return f"{use.space} {at_most}{format_bytes(use.used)}{of} bytes"


def kernel_line(memory: KernelMemory, soc: str = DEFAULT_SOC) -> str:
    """All of a kernel's spaces on one line: `Vec 131,072 / 188,416 bytes · Acc ...`."""
    memory = memory.for_soc(soc)
    if not memory.analysed:
        return "on-chip memory not analysed"
    parts = [use_text(use, soc) for use in memory.spaces]
    parts += [f"{space} not analysed" for space in memory.unknown if space != "?"]
    if "?" in memory.unknown:
        parts.append("some tiles not analysed")
    return " · ".join(parts) if parts else "no on-chip tiles"


def over(use: SpaceUse, soc: str) -> bool:
    limit = capacity(soc, use.space)
    return limit is not None and use.used > limit


def hover_markdown(memory: KernelMemory, soc: str = DEFAULT_SOC) -> str:
    memory = memory.for_soc(soc)
    lines = [f"**kernel `{memory.name}`** · on-chip memory ({soc})", ""]
    if not memory.analysed:
        return "\n".join([*lines, f"Not analysed: {memory.why_not_exact}."])
    for use in memory.spaces:
        mark = " — **over capacity**" if use.exact and over(use, soc) else ""
        lines.append(f"- {use_text(use, soc)}{mark}")
        largest = sorted(use.tiles, key=lambda tile: -tile.size)[:3]
        named = [f"`{t.label}` {format_bytes(t.size)}" for t in largest if t.label]
        if named:
            lines.append(f"  - largest tiles: {', '.join(named)}")
    for space in memory.unknown:
        lines.append(f"- {space if space != '?' else 'a tile with no memory space yet'}: not analysed")
    if not memory.spaces and not memory.unknown:
        lines.append("No on-chip tiles.")
    if any(not use.exact for use in memory.spaces):
        lines += [
            "",
            "_at most_: the buffers as if MemoryReuse shared none of them "
            f"(the kernel is beyond what pto-lsp plans exactly: {memory.why_not_exact}).",
        ]
    return "\n".join(lines)


def all_kernels(analysis: ModuleAnalysis) -> list[KernelMemory]:
    """Every kernel's: the programs' of the units asked about, the JIT functions' of the
    whole module (an entry's kernels come from the helpers it calls, wherever they are)."""
    return [*_program_kernels(analysis), *analysis.whole.jit_kernel_memory]


def _program_kernels(analysis: ModuleAnalysis) -> list[KernelMemory]:
    return [memory for unit in analysis.units for memory in unit.kernel_memory]


def kernel_at(analysis: ModuleAnalysis, line: int) -> KernelMemory | None:
    """The kernel whose header (`def` line, or `with pl.at(...)` line of its scope) is on `line`.

    A JIT kernel's header lies in a function compiled into it, so the module's JIT kernels
    are looked at only when a free function of `analysis` (the units over `line`, asked by a
    hover) spans the line: elsewhere the hover costs what the units under it do."""
    in_function = any(f.span.start_line <= line <= f.span.end_line for f in analysis.functions)
    kernels = all_kernels(analysis) if in_function else _program_kernels(analysis)
    for memory in kernels:
        if memory.span.start_line == line:
            return memory
    return None


@dataclass(frozen=True)
class MemoryHint:
    at: Span  # the kernel's header (its `def` line, or the scope's `with` line)
    label: str
    tooltip: str
    kernel: str  # the kernel's name (what the memory view is opened on)


def memory_hints(analysis: ModuleAnalysis, first_line: int, last_line: int, soc: str) -> list[MemoryHint]:
    """One per kernel header within the lines; a kernel not analysed says so, and why (so
    that "clean" is told from "not looked at")."""
    return [
        MemoryHint(
            memory.span,
            kernel_line(memory, soc)
            if memory.analysed
            else f"memory: not analysed ({_short(memory.why_not_exact)})",
            _lens_tooltip(memory, soc),
            memory.name,
        )
        for memory in all_kernels(analysis)
        if first_line <= memory.span.end_line <= last_line
    ]


def _lens_tooltip(memory: KernelMemory, soc: str) -> str:
    """What the lens opens, and why a space it names is not analysed (its title has no room)."""
    head = f"on-chip memory of kernel '{memory.name}' ({soc})"
    why = f": {memory.why_not_exact}" if memory.analysed and memory.unknown and memory.why_not_exact else ""
    return (
        f"{head}{why}: click to open the memory view"
        if not why
        else f"{head}{why}. Click to open the memory view"
    )


def _short(why: str) -> str:
    """A lens-sized reason: its first clause (the hover and the memory view say all of it)."""
    head = why.split(" (", 1)[0].split(": ", 1)[0]
    return head if len(head) <= _LENS_REASON else head[: _LENS_REASON - 3] + "..."


_LENS_REASON = 90


def memory_report(analysis: ModuleAnalysis, soc: str = DEFAULT_SOC, kernel: str = "") -> str:
    """`pto-lsp compile --emit memory`: per kernel, one line per memory space,
    `<program>.<kernel> (line N): Vec 131,072 / 188,416 bytes`, then its picture as text
    (`memory_map.map_text`, indented lines). `kernel`: that one only."""
    lines = [f"// on-chip memory per kernel ({soc}; 'at most': MemoryReuse not modelled for the kernel)"]
    for memory in all_kernels(analysis):
        if kernel and memory.name != kernel:
            continue
        memory = memory.for_soc(soc)
        name = f"{memory.program}.{memory.name}" if memory.program else memory.name
        head = f"{name} (line {memory.span.start_line})"
        if memory.analysed and not memory.spaces and not memory.unknown:
            lines.append(f"{head}: no on-chip tiles")
        for use in memory.spaces:
            lines.append(f"{head}: {use_text(use, soc)}")
        lines.extend(map_text(kernel_map(memory, soc)))
        if not memory.analysed:
            lines.append(f"{head}: not analysed: {memory.why_not_exact}")
            continue
        for space in memory.unknown:
            lines.append(f"{head}: {space if space != '?' else 'a tile with no memory space'} not analysed")
    return "\n".join(lines) + "\n"
