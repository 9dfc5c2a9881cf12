"""Each InCore kernel's on-chip memory use per memory space, the way the real planner
(InitMemRef, MemoryReuse, AllocateMemoryAddr) counts it, after ConvertTensorToTileOps.

One model of tile sizes and reuse (`tile_memory`), used two ways:

- **exact**: a kernel the PTO emitter's plan takes (`plan_kernel`: the emitter's walk,
  held byte for byte to the real compiler's MLIR, tile addresses included, for the kernels
  it emits, and to the real planner's use for the constructs it plans without text: see
  `pto_emitter._PLAN_ONLY_OPS`, while loops, if/else, N-D tiles): its tiles and the real
  planner's addresses give each space's high-water mark, the number AllocateMemoryAddr
  compares with the platform's capacity. A space a later pass re-tiles (the L0 spaces of a
  matmul AutoTileMatmulL0 rewrites) is not analysed (`unknown`); the others stay exact;
- **at most**: any other kernel whose tiles all have a static shape and a memory space:
  the sum of its buffers (32-byte aligned), as if MemoryReuse shared none of them. A
  view (`tile.reshape`, `tile.transpose_view`, ...) takes no buffer of its own, as
  InitMemRef gives it its source's (a kernel with a `tile.slice` gets no "at most":
  CanonicalizeTileSlice copies the windows some reads need). Loop-carried values share their initial
  value's buffer (MaterializeSemanticAliases), so only assigned tiles are counted.
  Not counted: tiles the passes after ConvertTensorToTileOps add (AutoTileMatmulL0's L0
  tiles, ExpandMixedKernel's cross-core buffers, reserved pipe rings).

A space with a tile whose size is not static to us is not analysed (`unknown`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from compiler.base.span import Span
from compiler.codegen.pto_emitter import CodegenNotModelled, KernelCode, plan_kernel
from compiler.codegen.tile_memory import DEFAULT_SOC, SPACE_NAMES, TileAlloc, capacity, high_water, tile_bytes
from compiler.ir import (
    SCALAR_CAST_OP,
    AssignStmt,
    Call,
    ForKind,
    ForStmt,
    Function,
    FunctionType,
    ScalarType,
    TileType,
)
from compiler.ir.visit import own_calls, walk_stmts
from compiler.passes.expand_mixed_kernel import (
    AIC,
    AIV,
    MixedKernelNotModelled,
    expand_mixed_kernel,
    is_mixed_kernel,
)
from compiler.passes.ssa import base_name

# InitMemRef gives these ops' results their source's buffer (`OutputMemoryInheritsInput`,
# less `tile.transpose`, which gets a fresh one); a tpop's tile is the pipe's.
VIEW_OPS = frozenset(
    {
        "tile.reinterpret_view",
        "tile.reshape",
        "tile.set_validshape",
        "tile.slice",
        "tile.transpose_view",
        "tile.assemble",
        "tile.tget_scale_addr",
        "tile.tpop_from_aic",
        "tile.tpop_from_aiv",
    }
)
# The ops whose tiles are all the real planner places for them: the passes after
# ConvertTensorToTileOps add none around them. A kernel with any other op (a matmul, whose
# operands AutoTileMatmulL0 moves into L0; a reduction or a cast, which LowerCompositeOps
# and LegalizeTileCast give temporaries; cross-core pushes and pops, which get pipe
# buffers) gets no "at most": measured on the corpus, those add tiles we do not see.
_ELEMENTWISE = ("add", "sub", "mul", "div", "maximum", "minimum")
_UNARY = ("exp", "log", "sqrt", "rsqrt", "neg", "abs", "recip", "relu")
AT_MOST_OPS = frozenset(
    {
        "tile.load",
        "tile.store",
        "tile.create",
        "tile.create_tile",  # the front end's name of `pl.create_tile`, the real `tile.create`
        "tile.full",
        "tile.get_block_idx",
        "tile.get_block_num",
        *(f"tile.{op}" for op in _ELEMENTWISE),
        *(f"tile.{op}s" for op in _ELEMENTWISE),
        *(f"tile.{op}" for op in _UNARY),
    }
    # (Not `tile.slice`: CanonicalizeTileSlice copies a window some reads need, a tile the
    # sum would leave out.)
    | (VIEW_OPS - {"tile.tpop_from_aic", "tile.tpop_from_aiv", "tile.tget_scale_addr", "tile.slice"})
)
KERNEL_TYPES = frozenset({FunctionType.INCORE, FunctionType.AIC, FunctionType.AIV})
# The emitter's `loc=` name of each space.
SPACE_LOCS = {name: loc for loc, name in SPACE_NAMES.items()}
# The order spaces are shown in.
SPACE_ORDER = ("Vec", "Mat", "Left", "Right", "Acc", "Bias")


@dataclass(frozen=True)
class TileUse:
    label: str  # the author's name of the tile ("" when it has none)
    span: Span | None
    size: int  # bytes
    address: int | None  # the real planner's (exact uses only)
    # The statements (program points, in emission order) from its definition to its last read,
    # as the planner takes its lifetime (exact uses only; a view's reads count for its buffer).
    live: tuple[int, int] | None = None

    def live_with(self, other: TileUse) -> bool:
        """Whether the two lifetimes overlap (both known)."""
        if self.live is None or other.live is None:
            return False
        return self.live[0] <= other.live[1] and other.live[0] <= self.live[1]


@dataclass(frozen=True)
class SpaceUse:
    space: str  # a `MemorySpace` name: Vec, Mat, Left, Right, Acc, Bias
    used: int  # bytes: the high-water mark (exact), or the sum of the buffers (at most)
    exact: bool
    tiles: tuple[TileUse, ...]  # in address order (exact), in definition order (at most)
    # The bytes at the bottom of the space a cross-core pipe's slots take (the tiles are placed
    # above them; the real capacity error names them).
    reserved: int = 0
    half: str = ""  # a mixed kernel's: the AIC's or the AIV's ("aic" / "aiv")

    def tipping_tile(self, limit: int) -> TileUse | None:
        """The first tile whose buffer ends past `limit` (an exact use's, in address order)."""
        if not self.exact:
            return None
        return next((t for t in self.tiles if t.address is not None and t.address + t.size > limit), None)


@dataclass(frozen=True)
class KernelMemory:
    name: str
    span: Span  # the kernel: its function, or the scope it was outlined from
    spaces: tuple[SpaceUse, ...]
    unknown: tuple[str, ...] = field(default=())  # spaces holding a tile we cannot size
    why_not_exact: str = ""  # what the emitter does not model (an at-most or unanalysed use)
    program: str | None = None  # the `@pl.program` it belongs to
    analysed: bool = True  # False: no use is claimed for any space (`why_not_exact` says why)
    # False: a mixed kernel whose cut into an AIC and an AIV kernel is not modelled, so
    # neither is what the passes after it do (the program's hints are not judged).
    split_modelled: bool = True
    # Per SoC other than the default, the spaces whose use differs there (a pl.pipeline's
    # stages the capacity gates differently): `for_soc`.
    on_socs: tuple[tuple[str, tuple[SpaceUse, ...]], ...] = ()

    def space(self, name: str) -> SpaceUse | None:
        return next((use for use in self.spaces if use.space == name), None)

    def for_soc(self, soc: str) -> KernelMemory:
        """The use on `soc`: the default SoC's but where that SoC's plan differs."""
        other = dict(self.on_socs).get(soc)
        if not other:
            return self
        spaces = {use.space: use for use in self.spaces} | {use.space: use for use in other}
        return dataclasses.replace(self, spaces=_ordered(list(spaces.values())), on_socs=())

    def used_on(self, space: str) -> dict[str, int]:
        """The use of `space` on the SoCs where it differs from the default SoC's."""
        return {soc: use.used for soc, uses in self.on_socs for use in uses if use.space == space}


def kernel_memory(function: Function) -> KernelMemory:
    """The memory use of one kernel after ConvertTensorToTileOps."""
    if is_mixed_kernel(function):
        return _mixed(function)
    try:
        code = plan_kernel(function)
    except CodegenNotModelled as problem:
        return _at_most(function, str(problem))
    except (RecursionError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return _at_most(function, "the emitter could not follow this kernel")
    unplanned, why = _unplanned(code, code.soc_dependent - code.unplanned)
    found = _exact(function, code.allocs, code.addresses, code.last_use, unplanned, why)
    return _with_other_socs(found, function, code, unplanned)


def _with_other_socs(
    found: KernelMemory, function: Function, code: KernelCode, unplanned: frozenset[str]
) -> KernelMemory:
    """`found` with each other SoC's use of the spaces whose plan differs there. A space that
    overflows on a larger SoC but not on the default one is not analysed (the packer's shed
    order is not monotone: not modelled)."""
    on_socs = []
    crowded: set[str] = set()
    for soc, addresses in code.soc_addresses.items():
        there = _exact(function, code.allocs, addresses, code.last_use, unplanned, found.why_not_exact)
        differing = tuple(
            use for use in there.spaces if SPACE_LOCS[use.space] in code.soc_dependent - unplanned
        )
        for use in differing:
            here = found.space(use.space)
            if (
                use.used > (capacity(soc, use.space) or 0)
                and here is not None
                and here.used <= (capacity(DEFAULT_SOC, use.space) or 0)
            ):
                crowded.add(use.space)
        on_socs.append((soc, differing))
    if crowded:
        why = "a pl.pipeline loop's stages overflow a larger SoC's space but not the default SoC's: not modelled"
        return dataclasses.replace(
            found,
            spaces=tuple(use for use in found.spaces if use.space not in crowded),
            unknown=_ordered_names((*found.unknown, *crowded)),
            why_not_exact=found.why_not_exact or why,
            on_socs=tuple(
                (soc, tuple(use for use in uses if use.space not in crowded)) for soc, uses in on_socs
            ),
        )
    return dataclasses.replace(found, on_socs=tuple((soc, uses) for soc, uses in on_socs if uses))


def _mixed(function: Function) -> KernelMemory:
    """A mixed kernel's use: its AIC kernel's (the cube spaces) and its AIV kernel's (Vec), as
    ExpandMixedKernel cuts it (`expand_mixed_kernel`), each planned on its own above the pipe
    slots it reserves."""
    prefix = "a mixed kernel, cut into an AIC and an AIV kernel by ExpandMixedKernel"
    try:
        halves = expand_mixed_kernel(function)
    except MixedKernelNotModelled as problem:
        why = f"{prefix}: {problem}"
        return KernelMemory(
            function.name, function.span, (), why_not_exact=why, analysed=False, split_modelled=False
        )
    except (RecursionError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        why = "a mixed kernel the model of ExpandMixedKernel could not follow"
        return KernelMemory(
            function.name, function.span, (), why_not_exact=why, analysed=False, split_modelled=False
        )
    try:
        codes = [
            (side, plan_kernel(half, halves.pipe_buffers, from_incore=True))
            for side, half in ((AIC, halves.aic), (AIV, halves.aiv))
        ]
    except CodegenNotModelled as problem:  # the cut is modelled, the planning of a half is not
        why = f"{prefix}, whose planning is not modelled: {problem}"
        return KernelMemory(function.name, function.span, (), why_not_exact=why, analysed=False)
    except (RecursionError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        why = f"{prefix}: the emitter could not follow one of them"
        return KernelMemory(function.name, function.span, (), why_not_exact=why, analysed=False)
    spaces: list[SpaceUse] = []
    unknown: list[str] = []
    whys = []
    for side, code in codes:
        reserved = halves.reserved.get(side, {})
        addresses = [
            address + _aligned(reserved.get(SPACE_NAMES[alloc.space], 0))
            for alloc, address in zip(code.allocs, code.addresses, strict=True)
        ]
        unplanned, why = _unplanned(code)
        # MemoryReuse weighs a pipeline's stages against the space above the pipe's slots:
        # not modelled.
        pipelined = {alloc.space for alloc in code.allocs if alloc.membership}
        crowded = {loc for loc in pipelined if reserved.get(SPACE_NAMES[loc], 0)}
        if crowded:
            unplanned = unplanned | crowded
            why = (
                why
                or "a pl.pipeline loop's stages in a space a cross-core pipe reserves part of: not modelled"
            )
        if halves.soc_dependent & {SPACE_NAMES[alloc.space] for alloc in code.allocs}:
            unplanned = unplanned | {loc for loc, name in SPACE_NAMES.items() if name in halves.soc_dependent}
            why = why or (
                "a mixed kernel whose AIV pushes tiles to the cube: its Vec use differs by SoC, "
                "which is not modelled"
            )
        half = _exact(function, code.allocs, addresses, code.last_use, frozenset(unplanned), why)
        spaces.extend(
            dataclasses.replace(use, reserved=_aligned(reserved.get(use.space, 0)), half=side)
            for use in half.spaces
        )
        unknown.extend(half.unknown)
        whys.append(why)
    names = [use.space for use in spaces]
    if len(set(names)) != len(names) or set(names) & set(unknown):
        why = "a mixed kernel whose AIC and AIV kernels share a memory space: not modelled"
        return KernelMemory(function.name, function.span, (), why_not_exact=why, analysed=False)
    return KernelMemory(
        function.name,
        function.span,
        _ordered(spaces),
        _ordered_names(tuple(unknown)),
        next((why for why in whys if why), ""),
    )


def _unplanned(code: KernelCode, by_soc: frozenset[str] = frozenset()) -> tuple[frozenset[str], str]:
    """The spaces (`loc=` names) whose use the plan does not give, and why: AutoTileMatmulL0
    rewrites a matmul of Mat operands it does not keep whole, and splits one whose L0 tile
    would not fit its space into L0-sized tiles; the tiles it chooses are not modelled. It
    adds no Mat or Vec tile (but the Mat copy of a left operand the vector side feeds, which
    its chooser decides on: Mat is then not planned either): those spaces stay exact. A matmul of operands the author
    already moved into Left / Right it leaves as it is (`IsStatic2DInSpaces` takes Mat and
    Vec sources only): its tiles are planned whole, and one larger than all of its space is
    AllocateMemoryAddr's overflow (a Left / Right operand of a matmul is refused before, by
    AutoTileMatmulL0's own check). A space the author reserves bytes of
    (`reserve_buffer`) that also holds tiles: where the planner puts them is not modelled.
    `by_soc`: the spaces whose plan differs by SoC that the caller gives per SoC (the others
    are not analysed)."""
    reserved = code.reserved_spaces & {alloc.space for alloc in code.allocs}
    if reserved:
        return frozenset(
            reserved
        ), "a reserve_buffer in a space that holds tiles: their addresses are not modelled"
    unknown_by_soc = code.soc_dependent - by_soc
    if code.unplanned:
        return code.unplanned | unknown_by_soc, (
            "AutoTileMatmulL0 chooses the L0 tiles of a matmul of Mat operands by a cost model that is not modelled"
        )
    if unknown_by_soc:
        return unknown_by_soc, (
            "MemoryReuse keeps the stages of a pl.pipeline loop apart as far as the SoC's capacity allows: "
            "the plan differs by SoC, which is not modelled here"
        )
    return frozenset(), ""


def _exact(
    function: Function,
    allocs: list[TileAlloc],
    addresses: list[int],
    last_use: dict[int, int],
    unplanned: frozenset[str],
    why: str,
) -> KernelMemory:
    marks = high_water(allocs, addresses)
    lives = _lifetimes(allocs, last_use)
    spaces = []
    for loc, used in marks.items():
        if loc in unplanned:
            continue
        tiles = sorted(
            (
                TileUse(alloc.label, alloc.span, alloc.size, address, lives[index])
                for index, (alloc, address) in enumerate(zip(allocs, addresses, strict=True))
                if alloc.space == loc and alloc.view_of is None
            ),
            key=lambda tile: (tile.address or 0, -tile.size),
        )
        spaces.append(SpaceUse(SPACE_NAMES[loc], used, True, tuple(tiles)))
    unknown = tuple(SPACE_NAMES[loc] for loc in marks if loc in unplanned)
    return KernelMemory(function.name, function.span, _ordered(spaces), _ordered_names(unknown), why)


def _lifetimes(allocs: list[TileAlloc], last_use: dict[int, int]) -> list[tuple[int, int]]:
    """Each alloc's (definition, last read), a view's reads extending its source's."""
    ends = [max(alloc.point, last_use.get(index, alloc.point)) for index, alloc in enumerate(allocs)]
    for index in range(len(allocs)):
        root = index
        while allocs[root].view_of is not None:
            root = allocs[root].view_of  # type: ignore[assignment]
        if root != index:
            ends[root] = max(ends[root], ends[index])
    return [(alloc.point, ends[index]) for index, alloc in enumerate(allocs)]


def _scalar_cast(call: Call) -> bool:
    """A scalar's cast (`pl.cast(n, pl.INDEX)`, an IR Cast expression): no tile at all."""
    return call.op == SCALAR_CAST_OP and isinstance(call.type, ScalarType)


def _at_most(function: Function, why: str) -> KernelMemory:
    tiles: dict[str, list[TileUse]] = {}
    unknown: dict[str, None] = {}
    if any(isinstance(stmt, ForStmt) and stmt.kind is ForKind.PIPELINE for stmt in walk_stmts(function.body)):
        why = (
            "LowerPipelineLoops gives each copy of a pl.pipeline body its own tiles (and the planner "
            f"is not modelled: {why})"
        )
        return KernelMemory(function.name, function.span, (), why_not_exact=why, analysed=False)
    others = sorted(
        {call.op for stmt in walk_stmts(function.body) for call in own_calls(stmt) if not _scalar_cast(call)}
        - AT_MOST_OPS
    )
    if others:
        shown = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
        why = f"the passes after ConvertTensorToTileOps add tiles for {shown} (and the planner is not modelled: {why})"
        return KernelMemory(function.name, function.span, (), why_not_exact=why, analysed=False)
    for stmt in walk_stmts(function.body):
        if not isinstance(stmt, AssignStmt) or not isinstance(stmt.var.type, TileType):
            continue
        if isinstance(stmt.value, Call) and stmt.value.op in VIEW_OPS:
            continue
        if not isinstance(stmt.value, Call):  # a plain alias of another tile: its buffer
            continue
        tile = stmt.var.type
        space = tile.memory or "?"
        size = tile_bytes(tuple(tile.shape), tile.dtype, space) if tile.shape is not None else None
        if size is None or space not in SPACE_ORDER:
            unknown[space] = None
            continue
        tiles.setdefault(space, []).append(TileUse(base_name(stmt.var.name), stmt.value.span, size, None))
    spaces = [
        SpaceUse(space, sum(_aligned(t.size) for t in members), False, tuple(members))
        for space, members in tiles.items()
        if space not in unknown
    ]
    return KernelMemory(function.name, function.span, _ordered(spaces), tuple(unknown), why)


def _ordered_names(spaces: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(spaces, key=SPACE_ORDER.index))


def _ordered(spaces: list[SpaceUse]) -> tuple[SpaceUse, ...]:
    return tuple(sorted(spaces, key=lambda use: SPACE_ORDER.index(use.space)))


def _aligned(size: int) -> int:
    return (size + 31) // 32 * 32


def is_kernel(function: Function) -> bool:
    return function.func_type in KERNEL_TYPES


def format_bytes(count: int) -> str:
    """`131,072`: readable at a glance."""
    return f"{count:,}"
