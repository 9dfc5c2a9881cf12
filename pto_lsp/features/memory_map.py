"""A picture of each kernel's on-chip memory, per memory space: every buffer as the planner
places it, its address range against the program points it is live over, the space's
capacity, and the peak (the point where the most bytes are live, and which tiles are
live together there).

Two forms of one model (`kernel_maps`): the JSON the editor's memory view draws
(`pto.showMemory` with `json`), and the text `pto-lsp compile --emit memory` prints under
each kernel's use line. The numbers are the memory model's (`compiler.codegen.kernel_memory`):
nothing is planned here. Program points are the planner's statements, in emission order.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from compiler.codegen.kernel_memory import KernelMemory, SpaceUse, TileUse, format_bytes
from compiler.codegen.tile_memory import DEFAULT_SOC, capacity

_BAR_WIDTH = 48  # characters of the text picture's time axis


@dataclass(frozen=True)
class BufferBox:
    tile: str  # the author's name ("" when it has none)
    line: int | None  # the source line of the op that defines it
    address: int | None  # None: an "at most" use (no placement)
    size: int
    first: int | None  # the program points it is live over (None: not known)
    last: int | None


@dataclass(frozen=True)
class SpaceMap:
    space: str
    capacity: int | None
    used: int  # the high-water mark (exact) or the sum of the buffers (at most)
    exact: bool
    buffers: list[BufferBox]
    peak_point: int | None  # where the most bytes are live
    peak_bytes: int
    peak_tiles: list[str]  # the tiles live together there
    reserved: int = 0  # bytes at the bottom a cross-core pipe's slots take (the tiles sit above)


@dataclass(frozen=True)
class KernelMap:
    kernel: str
    program: str | None
    line: int
    analysed: bool
    why: str
    points: int  # program points 0 .. points-1
    spaces: list[SpaceMap]


def kernel_maps(memories: list[KernelMemory], soc: str = DEFAULT_SOC, kernel: str = "") -> list[KernelMap]:
    """The maps of the kernels (`memory_use.all_kernels`), or of the one named `kernel`."""
    return [kernel_map(memory, soc) for memory in memories if not kernel or memory.name == kernel]


def maps_json(maps: list[KernelMap], soc: str) -> dict[str, object]:
    return {"soc": soc, "kernels": [asdict(found) for found in maps]}


def kernel_map(memory: KernelMemory, soc: str) -> KernelMap:
    memory = memory.for_soc(soc)
    spaces = [_space_map(use, soc) for use in memory.spaces]
    ends = [box.last for space in spaces for box in space.buffers if box.last is not None]
    return KernelMap(
        memory.name,
        memory.program,
        memory.span.start_line,
        memory.analysed,
        memory.why_not_exact,
        (max(ends) + 1) if ends else 0,
        spaces,
    )


def _space_map(use: SpaceUse, soc: str) -> SpaceMap:
    buffers = [_box(tile) for tile in use.tiles]
    peak_point, peak_bytes, peak_tiles = _peak(use.tiles)
    return SpaceMap(
        use.space,
        capacity(soc, use.space),
        use.used,
        use.exact,
        buffers,
        peak_point,
        peak_bytes,
        peak_tiles,
        use.reserved,
    )


def _box(tile: TileUse) -> BufferBox:
    first, last = tile.live if tile.live is not None else (None, None)
    line = tile.span.start_line if tile.span is not None else None
    return BufferBox(tile.label, line, tile.address, tile.size, first, last)


def _peak(tiles: tuple[TileUse, ...]) -> tuple[int | None, int, list[str]]:
    """The point where the live tiles' bytes add up to the most (the first such point), its
    bytes and the tiles live there. Tiles sharing a buffer count once (same address)."""
    lived = [tile for tile in tiles if tile.live is not None]
    if not lived:
        return None, 0, []
    points = sorted({tile.live[0] for tile in lived})  # type: ignore[index]
    best: tuple[int | None, int, list[TileUse]] = (None, -1, [])
    for point in points:
        here = [tile for tile in lived if tile.live[0] <= point <= tile.live[1]]  # type: ignore[index]
        buffers = {(tile.address, tile.size) for tile in here}
        total = sum(size for _, size in buffers)
        if total > best[1]:
            best = (point, total, here)
    point, total, here = best
    return point, total, [tile.label or f"@{format_bytes(tile.address or 0)}" for tile in here]


# ------------------------------------------------------------------ the text form


def map_text(found: KernelMap) -> list[str]:
    """The picture as text, under the kernel's use line: per space, one row per buffer (its
    address range, then its lifetime drawn over the program points), the capacity, the peak."""
    if not found.analysed:
        return []
    lines = []
    for space in found.spaces:
        if not space.exact:
            sizes = ", ".join(f"{box.tile or '?'} {format_bytes(box.size)}" for box in space.buffers)
            lines.append(f"  {space.space} (at most, not placed): {sizes}")
            continue
        width = max(1, min(_BAR_WIDTH, found.points))
        scale = found.points / width if found.points else 1
        limit = (
            f"capacity {format_bytes(space.capacity)}" if space.capacity is not None else "capacity unknown"
        )
        lines.append(
            f"  {space.space}: address range x program point 0..{max(found.points - 1, 0)} ({limit})"
        )
        if space.reserved:
            reserved = f"[0, {format_bytes(space.reserved)})"
            lines.append(f"    {reserved:>24}  reserved: the cross-core pipe's slots")
        for box in space.buffers:
            lines.append(
                f"    {_range(box):>24}  |{_bar(box, width, scale)}|  {box.tile or '?'}{_where(box)}"
            )
        if space.capacity is not None and space.used > space.capacity:
            lines.append(
                f"    {'-- capacity ' + format_bytes(space.capacity):>24}  (exceeded: {format_bytes(space.used)})"
            )
        if space.peak_point is not None:
            lines.append(
                f"    peak at point {space.peak_point}: {format_bytes(space.peak_bytes)} bytes live "
                f"({', '.join(space.peak_tiles)})"
            )
    return lines


def _range(box: BufferBox) -> str:
    start = box.address or 0
    return f"[{format_bytes(start)}, {format_bytes(start + box.size)})"


def _bar(box: BufferBox, width: int, scale: float) -> str:
    if box.first is None or box.last is None:
        return "?" * width
    first, last = int(box.first / scale), int(box.last / scale)
    return "".join("#" if first <= column <= last else "." for column in range(width))


def _where(box: BufferBox) -> str:
    return f" (line {box.line})" if box.line is not None else ""
