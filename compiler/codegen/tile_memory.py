"""Tile addresses as the real MemoryReuse and AllocateMemoryAddr give them, for the kernels
the emitter models (no tile lives across loop iterations).

MemoryReuse packs the tiles of each memory space into buffers, first fit, largest
tile first (ties: the earlier definition first): a tile joins the first buffer none
of whose tiles is live at the same time. A tile is live from the statement that
defines it to the last statement that reads it; touching is allowed (a statement
may write its result into the buffer of an operand it reads last). A view (the
transposed view of a Mat tile) is its source's buffer.

AllocateMemoryAddr then lays the buffers out one after the other from address 0,
each start aligned to 32 bytes, in the order of their names: InitMemRef named each
tile's buffer `mem_<space>_<n>`, `n` counting every buffer it made in the kernel
(the tensor parameters' first), and a buffer keeps the name of its first tile. The
names sort as strings (`mem_vec_10` before `mem_vec_9`), and so do the addresses.

An op may forbid its result to share the buffer of some of its operands (the real
ForbidAliasCollector: every operand of a `not_inplace_safe` op such as `tile.rsqrt`
or a row reduction, the `forbid_output_alias` operands of the broadcasts, the input
of a widening cast): such a pair never shares a buffer.

A tile a loop carries (an iter_arg) is one buffer with its initial value and the
tile the loop yields for it (MaterializeSemanticAliases): the group lives from the
initial value's definition to its last use, the loop's return var's uses included.
A tile defined before a loop and used inside it lives to the loop's end (the real
LifetimeAnalyzer's loop extension; the emitter extends `last_use`).

Not modelled (and so not emitted): declared allocations and the 910B split-AIV hazard.
"""

from __future__ import annotations

from dataclasses import dataclass

ALIGNMENT = 32


@dataclass
class TileAlloc:
    """One `pto.alloc_tile` of the kernel, in the order the emitter made them."""

    name: str  # its SSA name
    space: str  # vec, mat, left, right, acc, bias
    size: int  # bytes
    point: int  # the statement that defines it
    view_of: int | None = None  # the index of the alloc whose buffer it views
    # The allocs whose buffer its op may not write it into (`not_inplace_safe` ops,
    # `forbid_output_alias` operands, a widening cast's input).
    forbidden: tuple[int, ...] = ()
    # The alloc whose buffer MaterializeSemanticAliases makes it share (a tile a loop
    # yields for its iter_arg: the init's buffer); unlike a view it has its own buffer name.
    shares: int | None = None


@dataclass(frozen=True)
class _Interval:
    index: int  # the root alloc's index
    space: str
    size: int
    start: int
    end: int
    name_number: int  # the n of its buffer name `mem_<space>_<n>`
    forbidden: frozenset[int] = frozenset()  # root allocs it may not share a buffer with


def plan_addresses(allocs: list[TileAlloc], last_use: dict[int, int], first_buffer_number: int) -> list[int]:
    """The address of each alloc (a view: its source's). `last_use`: alloc index -> the last
    statement that reads it; `first_buffer_number`: the n of the first tile's buffer name."""
    roots = [_root(allocs, index) for index in range(len(allocs))]
    ends: dict[int, int] = {}
    forbidden: dict[int, set[int]] = {}  # per root: the roots its members may not share with
    for index, root in enumerate(roots):
        end = max(allocs[index].point, last_use.get(index, allocs[index].point))
        ends[root] = max(ends.get(root, 0), end)
        forbidden.setdefault(root, set()).update(_root(allocs, other) for other in allocs[index].forbidden)
    numbered = [(index, alloc) for index, alloc in enumerate(allocs) if alloc.view_of is None]
    intervals = [
        _Interval(
            index,
            alloc.space,
            alloc.size,
            alloc.point,
            ends[index],
            first_buffer_number + number,
            frozenset(forbidden[index] - {index}),
        )
        for number, (index, alloc) in enumerate(numbered)
        if alloc.shares is None
    ]
    address_of_root: dict[int, int] = {}
    for space in dict.fromkeys(interval.space for interval in intervals):
        members = [interval for interval in intervals if interval.space == space]
        buffers = _pack(members)
        # Each buffer is named after its first (largest) tile; AllocateMemoryAddr lays them
        # out in the order of those names, as strings.
        address = 0
        for buffer in sorted(buffers, key=lambda tiles: f"mem_{space}_{tiles[0].name_number}"):
            for tile in buffer:
                address_of_root[tile.index] = address
            address = _aligned(address + max(tile.size for tile in buffer))
    return [address_of_root[root] for root in roots]


def _pack(members: list[_Interval]) -> list[list[_Interval]]:
    """First fit, largest first (ties: the earlier definition), touching lifetimes allowed
    unless one tile's op may not write it over the other (either way round)."""
    buffers: list[list[_Interval]] = []
    for candidate in sorted(members, key=lambda tile: (-tile.size, tile.start, tile.index)):
        for buffer in buffers:
            if all(
                (candidate.end <= tile.start or tile.end <= candidate.start)
                and tile.index not in candidate.forbidden
                and candidate.index not in tile.forbidden
                for tile in buffer
            ):
                buffer.append(candidate)
                break
        else:
            buffers.append([candidate])
    return buffers


def _root(allocs: list[TileAlloc], index: int) -> int:
    while True:
        alloc = allocs[index]
        source = alloc.view_of if alloc.view_of is not None else alloc.shares
        if source is None:
            return index
        index = source


def _aligned(address: int) -> int:
    return (address + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT
