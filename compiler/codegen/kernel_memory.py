"""Each InCore kernel's on-chip memory use per memory space, the way the real planner
(InitMemRef, MemoryReuse, AllocateMemoryAddr) counts it, after ConvertTensorToTileOps.

One model of tile sizes and reuse (`tile_memory`), used two ways:

- **exact**: a kernel the PTO emitter's plan takes (`plan_kernel`: the emitter's walk,
  held byte for byte to the real compiler's MLIR, tile addresses included, for the kernels
  it emits, and to the real planner's use for the constructs it plans without text: see
  `pto_emitter._PLAN_ONLY_OPS`, while loops, if/else, N-D tiles): its tiles and the real
  planner's addresses give each space's high-water mark, the number AllocateMemoryAddr
  compares with the platform's capacity. A matmul AutoTileMatmulL0 splits in two K blocks
  is planned as the pass and LowerPipelineLoops leave it (`pto_emitter._k_split`); a space
  it re-tiles otherwise (the L0 spaces) is not analysed (`unknown`); the others stay exact;
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
from compiler.codegen.tile_memory import (
    DEFAULT_SOC,
    SPACE_NAMES,
    DepthReduction,
    TileAlloc,
    capacity,
    high_water,
    tile_bytes,
)
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
    FRACTAL_ADAPT_SOCS,
    CoreHalves,
    MixedKernelNotModelled,
    expand_mixed_kernel,
    fractal_adapted,
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
    # The pipeline groups the default SoC's plan keeps fewer stages apart than they have
    # (MemoryReuse's perf hint PH-MR-001); None where not known: a pipelined kernel the plan
    # does not take, or a space with pipeline stages it does not plan exactly.
    depth_reductions: tuple[DepthReduction, ...] | None = ()

    def space(self, name: str) -> SpaceUse | None:
        return next((use for use in self.spaces if use.space == name), None)

    def for_soc(self, soc: str) -> KernelMemory:
        """The use on `soc`: the default SoC's but where that SoC's plan differs."""
        other = dict(self.on_socs).get(soc)
        if not other:
            return self
        spaces = {use.space: use for use in self.spaces} | {use.space: use for use in other}
        return dataclasses.replace(self, spaces=_ordered(list(spaces.values())), on_socs=())

    def used_on_soc(self, soc: str) -> set[str]:
        """The spaces whose use differs on `soc`."""
        return {use.space for name, uses in self.on_socs if name == soc for use in uses}

    def used_on(self, space: str) -> dict[str, int]:
        """The use of `space` on the SoCs where it differs from the default SoC's."""
        return {soc: use.used for soc, uses in self.on_socs for use in uses if use.space == space}


def kernel_memory(function: Function) -> KernelMemory:
    """The memory use of one kernel after ConvertTensorToTileOps."""
    unknown_depths = None if _pipelined(function) else ()
    if is_mixed_kernel(function):
        return dataclasses.replace(_mixed(function), depth_reductions=unknown_depths)
    try:
        code = plan_kernel(function)
    except CodegenNotModelled as problem:
        return dataclasses.replace(_at_most(function, str(problem)), depth_reductions=unknown_depths)
    except (RecursionError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        found = _at_most(function, "the emitter could not follow this kernel")
        return dataclasses.replace(found, depth_reductions=unknown_depths)
    unplanned, why = _unplanned(code, code.soc_dependent - code.unplanned)
    found = _exact(function, code.allocs, code.addresses, code.last_use, unplanned, why)
    # A space not planned here (the L0 tiles AutoTileMatmulL0 makes, a reserved space) may hold
    # pipeline stages the real packer sheds: a pipelined kernel's hints are then not known.
    reductions = code.depth_reductions
    known = None not in reductions and not (unknown_depths is None and (unplanned or code.unplanned))
    found = dataclasses.replace(
        found, depth_reductions=tuple(r for r in reductions if r is not None) if known else None
    )
    found = _with_other_socs(found, function, code, unplanned)
    return _with_pushes_adapted(function, found) if function.func_type != FunctionType.AIC else found


def _with_pushes_adapted(function: Function, memory: KernelMemory) -> KernelMemory:
    """A vector kernel's use with, on the SoCs whose backend adapts the tiles it pushes to the
    cube (`fractal_adapted`: a copy in the cube's layout before each push the author wrote),
    that SoC's own plan; the kernel as it is where it pushes nothing to adapt."""
    try:
        adapted = fractal_adapted(function)
        if adapted is None:
            return memory
        code = plan_kernel(adapted)
        unplanned, why = _unplanned(code)
        on_adapting = _exact(function, code.allocs, code.addresses, code.last_use, unplanned, why)
    except (MixedKernelNotModelled, CodegenNotModelled) as problem:
        why = f"the copies ExpandMixedKernel makes of the tiles pushed to the cube: {problem}"
        on_adapting = KernelMemory(function.name, function.span, (), why_not_exact=why, analysed=False)
    return _on_adapting_socs(memory, on_adapting)


def _on_adapting_socs(memory: KernelMemory, adapted: KernelMemory) -> KernelMemory:
    """`memory` with, on `FRACTAL_ADAPT_SOCS`, the spaces `adapted` (its plan with the pushed
    tiles' fractal copies) gives otherwise. A space that plan does not give exactly, or that
    differs there for another reason too (a pl.pipeline's stages), is not analysed."""
    differing = [use for use in adapted.spaces if memory.space(use.space) != use]
    lost = {use.space for use in memory.spaces if adapted.space(use.space) is None}
    clashing = {
        use.space for use in differing for soc in FRACTAL_ADAPT_SOCS if use.space in memory.used_on_soc(soc)
    }
    dropped = lost | clashing
    why = "the copies ExpandMixedKernel makes of the tiles pushed to the cube are not planned: " + (
        adapted.why_not_exact or "the plans of a pl.pipeline's stages differ by SoC too"
    )
    on_socs = dict(memory.on_socs)
    for soc in sorted(FRACTAL_ADAPT_SOCS):
        uses = [use for use in on_socs.get(soc, ()) if use.space not in dropped]
        uses += [use for use in differing if use.space not in dropped]
        on_socs[soc] = tuple(uses)
    return dataclasses.replace(
        memory,
        spaces=tuple(use for use in memory.spaces if use.space not in dropped),
        unknown=_ordered_names((*memory.unknown, *dropped)),
        why_not_exact=memory.why_not_exact or (why if dropped else ""),
        on_socs=tuple(
            (soc, tuple(use for use in uses if use.space not in dropped))
            for soc, uses in on_socs.items()
            if uses
        ),
    )


def _pipelined(function: Function) -> bool:
    return any(
        isinstance(stmt, ForStmt) and stmt.kind is ForKind.PIPELINE for stmt in walk_stmts(function.body)
    )


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
            depth_reductions=None,
            on_socs=tuple(
                (soc, tuple(use for use in uses if use.space not in crowded)) for soc, uses in on_socs
            ),
        )
    return dataclasses.replace(found, on_socs=tuple((soc, uses) for soc, uses in on_socs if uses))


_MIXED = "a mixed kernel, cut into an AIC and an AIV kernel by ExpandMixedKernel"


def _mixed(function: Function) -> KernelMemory:
    """A mixed kernel's use: its AIC kernel's (the cube spaces) and its AIV kernel's (Vec), as
    ExpandMixedKernel cuts it (`expand_mixed_kernel`), each planned on its own above the pipe
    slots it reserves."""
    try:
        halves = expand_mixed_kernel(function)
    except MixedKernelNotModelled as problem:
        why = f"{_MIXED}: {problem}"
        return KernelMemory(
            function.name, function.span, (), why_not_exact=why, analysed=False, split_modelled=False
        )
    except (RecursionError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        why = "a mixed kernel the model of ExpandMixedKernel could not follow"
        return KernelMemory(
            function.name, function.span, (), why_not_exact=why, analysed=False, split_modelled=False
        )
    memory = _planned_halves(function, halves, halves.aiv)
    if halves.adapted_aiv is None or not memory.analysed:
        return memory
    return _on_adapting_socs(memory, _planned_halves(function, halves, halves.adapted_aiv))


def _planned_halves(function: Function, halves: CoreHalves, aiv: Function) -> KernelMemory:
    """The use of the AIC and of `aiv` (the AIV as one SoC's backend makes it), each planned
    on its own above the pipe slots it reserves. A half whose planning is not modelled leaves
    its spaces not analysed (the AIV's Vec, the AIC's cube spaces); the other's are its own."""
    spaces: list[SpaceUse] = []
    unknown: list[str] = []
    whys = []
    codes: list[tuple[str, KernelCode]] = []
    for side, half in ((AIC, halves.aic), (AIV, aiv)):
        try:
            codes.append((side, plan_kernel(half, halves.pipe_buffers, from_incore=True)))
        except CodegenNotModelled as problem:  # the cut is modelled, the planning of a half is not
            unknown.extend(_cube_spaces(half) if side == AIC else ("Vec",))
            whys.append(f"{_MIXED}, whose {side.upper()} kernel's planning is not modelled: {problem}")
        except (RecursionError, ValueError, KeyError, TypeError, AttributeError, IndexError):
            why = f"{_MIXED}: the emitter could not follow one of them"
            return KernelMemory(function.name, function.span, (), why_not_exact=why, analysed=False)
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
        retiled = code.unplanned or code.k_split  # (a K split we plan: re-tiled all the same)
        if side == AIC and retiled and reserved.get("Mat"):
            # AutoTileMatmulL0 re-tiles a matmul whose operand the AIV pushes: it stages that
            # operand in Mat (`<tile>_l0_lmat`), which the real pass is seen to pop into
            # directly or to copy the popped tile into: which one is not modelled.
            unplanned = unplanned | {"mat"}
            why = why + " (and stages the operand the AIV pushes in Mat)"
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


def _cube_spaces(aic: Function) -> list[str]:
    """The spaces an AIC kernel's tiles take: those its tiles name, and the L0 spaces where it
    multiplies (its operands' moves into Left / Right are added after)."""
    calls = [call for stmt in walk_stmts(aic.body) for call in own_calls(stmt)]
    found = {"Left", "Right", "Acc"} if any(call.op.startswith("tile.matmul") for call in calls) else set()
    found |= {
        stmt.var.type.memory
        for stmt in walk_stmts(aic.body)
        if isinstance(stmt, AssignStmt) and isinstance(stmt.var.type, TileType) and stmt.var.type.memory
    }
    return [space for space in SPACE_ORDER if space in found and space != "Vec"]


def _unplanned(code: KernelCode, by_soc: frozenset[str] = frozenset()) -> tuple[frozenset[str], str]:
    """The spaces (`loc=` names) whose use the plan does not give, and why: AutoTileMatmulL0
    rewrites a matmul of Mat operands it does not keep whole; the tiles of a rewrite other
    than a split in two K blocks (`pto_emitter._k_split`) are not modelled. It
    adds no Mat or Vec tile: those spaces stay exact. A matmul of operands the author
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
            "AutoTileMatmulL0 tiles a matmul of Mat operands in a way that is not modelled (a grid of "
            "output tiles, a K-loop of more than two blocks, or a tile that differs by SoC)"
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
    if _pipelined(function):
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
