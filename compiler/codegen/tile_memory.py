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

The tiles of a `pl.pipeline` loop's clones (`TileAlloc.membership`, LowerPipelineLoops'
`(group, stage)` tags) obey the pipeline-stage guard: in a space, a group of D stages gets
F = min(D, capacity // its largest tile) buffers' worth of stages, and two of its tiles whose
stages differ modulo F never share a buffer. While the space's footprint (its buffers' aligned
sizes added up) exceeds the capacity, the group of the largest (aligned) tile, the lowest-
numbered on a tie, sheds one stage (F - 1) and the space is packed again; when no group has
a stage to shed, the space is packed by the legacy rule: outside the L0 spaces, two tiles of
one group's different stages never share when either is a load. So a pipelined kernel's
plan depends on the SoC's capacities (`plan_addresses`' `soc`).

Not modelled (and so not emitted): declared allocations and the 910B split-AIV hazard.

The sizes are the real `StaticPhysicalAllocationBytes` (`l0c_footprint.h`): a tile takes
its elements' storage bits (4 for the 4-bit types, else whole bytes), an Acc tile its M
rows rounded up to the 910B's L0C alignment (16, 32 for INT32); the capacities are the
real `src/backend/common/soc.cpp`'s, per SoC. The high-water mark of a space is what
AllocateMemoryAddr compares with its capacity (`Vec buffer usage (N bytes) exceeds
platform limit (M bytes)`).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass

from compiler.base.span import Span
from compiler.ops.type_inference import dtype_bits

ALIGNMENT = 32

# `soc.cpp`'s memories per SoC, in bytes: the 910B's (Ascend910B, the default backend) and
# the 950's (Ascend950). Vec is the *safe* size (8 KB below the physical UB, pto-isa#170).
SOCS: dict[str, dict[str, int]] = {
    "910B": {
        "Vec": 184 * 1024,
        "Mat": 512 * 1024,
        "Left": 64 * 1024,
        "Right": 64 * 1024,
        "Acc": 128 * 1024,
        "Bias": 1 * 1024,
    },
    "950": {
        "Vec": 240 * 1024,
        "Mat": 512 * 1024,
        "Left": 64 * 1024,
        "Right": 64 * 1024,
        "Acc": 256 * 1024,
        "Bias": 4 * 1024,
        "LeftScale": 4 * 1024,
        "RightScale": 4 * 1024,
    },
}
DEFAULT_SOC = "910B"
# `MemorySpace` members as the real messages write them, keyed by the emitter's `loc=` names.
SPACE_NAMES = {"vec": "Vec", "mat": "Mat", "left": "Left", "right": "Right", "acc": "Acc", "bias": "Bias"}
# `static_cast<int>(MemorySpace)`, as `tensor.create`'s capacity message prints it.
SPACE_NUMBERS = {"DDR": 0, "Vec": 1, "Mat": 2, "Left": 3, "Right": 4, "Acc": 5, "Bias": 6}


def capacity(soc: str, space: str) -> int | None:
    """The bytes of `space` (a `MemorySpace` name) on `soc`; None when it has none."""
    return SOCS.get(soc, SOCS[DEFAULT_SOC]).get(space)


def tile_bytes(shape: tuple[int, ...], dtype: str | None, space: str) -> int | None:
    """`StaticPhysicalAllocationBytes` of a static tile in `space` (a `MemorySpace` name) on the
    910B; None when the shape or dtype does not size it (a dynamic or non-positive extent)."""
    bits = dtype_bits(dtype) if dtype else 0
    if bits == 0 or not shape or any(not isinstance(dim, int) or dim <= 0 for dim in shape):
        return None
    storage_bits = 4 if bits == 4 else (bits + 7) // 8 * 8
    if space == "Acc":
        if len(shape) < 2:
            return None
        alignment = 32 if dtype == "INT32" else 16
        rows = -(-shape[-2] // alignment) * alignment
        elements = rows * shape[-1]
        for dim in shape[:-2]:
            elements *= dim
        return elements * storage_bits // 8
    elements = 1
    for dim in shape:
        elements *= dim
    total = elements * storage_bits
    return total // 8 + (1 if total % 8 else 0)


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
    span: Span | None = None  # the op that defines it
    label: str = ""  # the name the author gave it, when it has one
    # The if whose result it is made for (a phi family: the tiles an if's branches yield for
    # one result may share a buffer though both live to the result's last read).
    family: int | None = None
    # Its pipeline memberships, (group, stage) pairs (LowerPipelineLoops' tags), and whether
    # its op is a load (the legacy pipeline rule keeps only loads apart).
    membership: tuple[tuple[int, int], ...] = ()
    load: bool = False


@dataclass(frozen=True)
class DepthReduction:
    """A pipeline group MemoryReuse kept fewer stages apart than it has (its perf hint
    PH-MR-001): in `space` (a `MemorySpace` name), `achieved` of `requested` stages, its
    largest tile taking `slot` bytes (aligned) per stage."""

    space: str
    group: int
    requested: int
    achieved: int
    slot: int


@dataclass(frozen=True)
class _Interval:
    index: int  # the root alloc's index
    space: str
    size: int
    start: int
    end: int
    name_number: int  # the n of its buffer name `mem_<space>_<n>`
    forbidden: frozenset[int] = frozenset()  # root allocs it may not share a buffer with
    family: int | None = None  # its phi family (`TileAlloc.family`)
    membership: tuple[tuple[int, int], ...] = ()  # its buffer's first tagged tile's
    load: bool = False  # that tile is a load


def plan_addresses(
    allocs: list[TileAlloc],
    last_use: dict[int, int],
    first_buffer_number: int,
    soc: str = DEFAULT_SOC,
    reductions: list[DepthReduction | None] | None = None,
) -> list[int]:
    """The address of each alloc (a view: its source's). `last_use`: alloc index -> the last
    statement that reads it; `first_buffer_number`: the n of the first tile's buffer name;
    `soc`: whose capacities gate a pipelined kernel's stages. `reductions`, when given, gets
    each pipeline group kept fewer stages apart than it has, and a None for a space packed by
    the legacy rule (the real packer then warns instead, not modelled)."""
    roots = [_root(allocs, index) for index in range(len(allocs))]
    ends: dict[int, int] = {}
    forbidden: dict[int, set[int]] = {}  # per root: the roots its members may not share with
    tagged: dict[int, TileAlloc] = {}  # per root: its first tile with a pipeline membership
    for index, root in enumerate(roots):
        end = max(allocs[index].point, last_use.get(index, allocs[index].point))
        ends[root] = max(ends.get(root, 0), end)
        forbidden.setdefault(root, set()).update(_root(allocs, other) for other in allocs[index].forbidden)
        if allocs[index].membership and root not in tagged:
            tagged[root] = allocs[index]
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
            alloc.family,
            tagged[index].membership if index in tagged else (),
            index in tagged and tagged[index].load,
        )
        for number, (index, alloc) in enumerate(numbered)
        if alloc.shares is None
    ]
    address_of_root: dict[int, int] = {}
    for space in dict.fromkeys(interval.space for interval in intervals):
        members = [interval for interval in intervals if interval.space == space]
        if any(member.membership for member in members):
            buffers = _pack_pipelined(members, space, capacity(soc, SPACE_NAMES[space]) or 0, reductions)
        else:
            buffers = _pack(members)
        # Each buffer is named after its first (largest) tile; AllocateMemoryAddr lays them
        # out in the order of those names, as strings.
        address = 0
        for buffer in sorted(buffers, key=lambda tiles: f"mem_{space}_{tiles[0].name_number}"):
            for tile in buffer:
                address_of_root[tile.index] = address
            address = _aligned(address + max(tile.size for tile in buffer))
    return [address_of_root[root] for root in roots]


def high_water(allocs: list[TileAlloc], addresses: list[int]) -> dict[str, int]:
    """Per space (the emitter's `loc=` name), AllocateMemoryAddr's footprint: the end of its
    last buffer, aligned (its `SpaceFootprint::HighWater`)."""
    marks: dict[str, int] = {}
    for alloc, address in zip(allocs, addresses, strict=True):
        if alloc.view_of is None:
            marks[alloc.space] = max(marks.get(alloc.space, 0), _aligned(address + alloc.size))
    return marks


def _pack(members: list[_Interval], guard: _StageGuard | None = None) -> list[list[_Interval]]:
    """First fit, largest first (ties: the earlier definition), touching lifetimes allowed
    unless one tile's op may not write it over the other (either way round), nor the
    pipeline-stage guard keeps them apart."""
    buffers: list[_Buffer] = []
    for candidate in sorted(members, key=lambda tile: (-tile.size, tile.start, tile.index)):
        for buffer in buffers:
            if buffer.takes(candidate) and (guard is None or guard.allows(buffer.tiles, candidate)):
                buffer.add(candidate)
                break
        else:
            buffers.append(_Buffer(candidate))
    return [buffer.tiles for buffer in buffers]


_L0_SPACES = frozenset({"left", "right", "acc", "bias"})
_MAX_SHEDS = 256  # the real packer's bound on re-packs before the legacy rule


class _StageGuard:
    """MemoryReuse's pipeline-stage guard for one space: each group's stages in use (F), and
    whether the legacy rule holds instead."""

    def __init__(self, members: list[_Interval], space: str, limit: int) -> None:
        self.space = space
        self.l0 = space in _L0_SPACES
        self.legacy = False
        self.slot: dict[int, int] = {}  # group -> its largest tile
        stages: dict[int, set[int]] = {}
        for member in members:
            for group, stage in member.membership:
                self.slot[group] = max(self.slot.get(group, 0), member.size)
                stages.setdefault(group, set()).add(stage)
        self.depth = {
            group: max(1, min(len(stages[group]), limit // self.slot[group])) if self.slot[group] else 1
            for group in stages
        }
        # Stages may be sparse: their dense ordinals are what the residues are taken of.
        self.ordinal = {
            group: {stage: n for n, stage in enumerate(sorted(found))} for group, found in stages.items()
        }

    def allows(self, tiles: list[_Interval], candidate: _Interval) -> bool:
        return not candidate.membership or all(not self._apart(candidate, tile) for tile in tiles)

    def _apart(self, a: _Interval, b: _Interval) -> bool:
        if self.legacy:
            if self.l0 or not (a.load or b.load):
                return False
            return any(ga == gb and sa != sb for ga, sa in a.membership for gb, sb in b.membership)
        for ga, sa in a.membership:
            for gb, sb in b.membership:
                if ga == gb:
                    depth = self.depth.get(ga, 1)
                    if self.ordinal[ga][sa] % depth != self.ordinal[ga][sb] % depth:
                        return True
        return False

    def reductions(self) -> list[DepthReduction]:
        """The groups kept fewer stages apart than they have, by group number."""
        return [
            DepthReduction(
                SPACE_NAMES[self.space], group, len(stages), self.depth[group], _aligned(self.slot[group])
            )
            for group, stages in sorted(self.ordinal.items())
            if self.depth[group] < len(stages)
        ]

    def shed(self) -> bool:
        """One stage fewer for the group freeing the most bytes (the lowest-numbered on a
        tie); False when every group is down to one."""
        groups = [group for group, depth in self.depth.items() if depth > 1]
        if not groups:
            return False
        group = min(groups, key=lambda g: (-_aligned(self.slot[g]), g))
        self.depth[group] -= 1
        return True


def _pack_pipelined(
    members: list[_Interval], space: str, limit: int, reductions: list[DepthReduction | None] | None = None
) -> list[list[_Interval]]:
    """The capacity-gated packing, shed stage by stage until the space fits, else the legacy one
    (`reductions`: see `plan_addresses`)."""
    guard = _StageGuard(members, space, limit)
    buffers = _pack(members, guard)
    sheds = 0
    while limit and _footprint(buffers) > limit:
        sheds += 1
        if sheds > _MAX_SHEDS or not guard.shed():
            guard.legacy = True
            if reductions is not None:
                reductions.append(None)
            return _pack(members, guard)
        buffers = _pack(members, guard)
    if reductions is not None and limit:
        reductions.extend(guard.reductions())
    return buffers


def _footprint(buffers: list[list[_Interval]]) -> int:
    return sum(_aligned(max(tile.size for tile in buffer)) for buffer in buffers)


class _Buffer:
    """The tiles packed into one buffer, and what tells at once whether another fits: their
    lifetimes in order, their indexes and the indexes they may not share with. No two of
    its tiles are live together, so in the order of (start, end) their ends never go down:
    of the tiles that start before a candidate ends, the last one is the one that lives
    longest. A tile is placed in time logarithmic in the buffer's tiles, so packing a long
    kernel's thousands of tiles stays near linear."""

    def __init__(self, first: _Interval) -> None:
        self.tiles = [first]  # in the order they joined: the first names the buffer
        self._lifetimes = [(first.start, first.end)]  # sorted
        self._indexes = {first.index}
        self._forbidden = set(first.forbidden)
        # Tiles of a phi family may overlap here: the buffer is then checked tile by tile.
        self._families = first.family is not None

    def takes(self, candidate: _Interval) -> bool:
        """Whether no tile here is live with `candidate` (touching allowed) nor forbids it;
        the tiles of one phi family never conflict (the real packer exempts them)."""
        if candidate.index in self._forbidden or not self._indexes.isdisjoint(candidate.forbidden):
            return False
        if self._families or candidate.family is not None:
            return all(
                (tile.family is not None and tile.family == candidate.family)
                or tile.end <= candidate.start
                or candidate.end <= tile.start
                for tile in self.tiles
            )
        before = bisect_left(self._lifetimes, (candidate.end,))  # the tiles starting before its end
        return not before or self._lifetimes[before - 1][1] <= candidate.start

    def add(self, tile: _Interval) -> None:
        self.tiles.append(tile)
        insort(self._lifetimes, (tile.start, tile.end))
        self._indexes.add(tile.index)
        self._forbidden |= tile.forbidden
        self._families = self._families or tile.family is not None


def _root(allocs: list[TileAlloc], index: int) -> int:
    while True:
        alloc = allocs[index]
        source = alloc.view_of if alloc.view_of is not None else alloc.shares
        if source is None:
            return index
        index = source


def _aligned(address: int) -> int:
    return (address + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT
