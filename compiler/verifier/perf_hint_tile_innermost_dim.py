"""The real compile's performance hint PH001, `TileInnermostDimGranularity`
(src/ir/verifier/perf_hint_tile_innermost_dim.cpp), on a program after
ConvertTensorToTileOps:

    [perf_hint PH001] TileInnermostDimGranularity: tile.load has innermost dim = 256B (tile
    fp32[64], target_memory=Vec); moves 16384B as 64 x 256B rows; recommended >= 512B for
    backend a2a3 (L2 cache line = 512B). Consider increasing tile shape on the innermost axis.

Each `tile.load` (its result) and `tile.store` (the tile it stores) that moves fewer bytes per
innermost row between global memory and the chip than the backend recommends. Identical
transfers at one place collapse into one hint with a count ("(2 occurrences at this source
location)"), and the hints come in the order of their place, as upstream's map keeps them.

Upstream runs the check at the end of its pipeline, on tiles the passes after
ConvertTensorToTileOps may still reshape: a hint is given here only where the tile is
certain — a constant innermost dimension, a known dtype, and a valid shape known here (a
view this front end did not compute gives no hint: its volume clause could differ). Two of
those passes are modelled for it: a mixed kernel's vector transfers halved per AIV lane under
a split mode (`lower_auto_vector_split`), and a `pl.pipeline` loop's body replicated
(`lower_pipeline_loops`: each copy counts as an occurrence at its place).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Severity, Stage
from compiler.base.span import Span
from compiler.ir import Call, Const, Function, MakeTuple
from compiler.ir.types import TileType, TileView
from compiler.ir.visit import own_calls, walk_stmts
from compiler.ops.type_inference import dtype_bits, dtype_text
from compiler.passes.infer_tile_memory_space import retyped_spaces
from compiler.passes.lower_auto_vector_split import NOT_MODELLED, halved, is_mixed, lane_axis
from compiler.passes.lower_pipeline_loops import ReplicationNotModelled, calls_with_copies

RULE = "TileInnermostDimGranularity"
HINT_CODE = "PH001"


@dataclass(frozen=True)
class Backend:
    """The thresholds a backend handler gives the check (backend_*_handler.h)."""

    arch: str
    recommended_bytes: int
    l2_cache_line_bytes: int


BACKENDS = {"910B": Backend("a2a3", 512, 512), "950": Backend("a5", 128, 512)}
# `MemorySpace`'s order (upstream's map orders a site's memory by it).
_MEMORY_ORDER = (
    "DDR",
    "Vec",
    "Mat",
    "Left",
    "Right",
    "Acc",
    "Bias",
    "ScalarLocal",
    "LeftScale",
    "RightScale",
)


@dataclass(frozen=True)
class _Transfer:
    op: str
    dtype: str
    innermost_bytes: int
    innermost_elems: int
    memory: str | None
    rows: int | None
    row_bytes: int | None

    @property
    def transfer_bytes(self) -> int | None:
        return None if self.rows is None or self.row_bytes is None else self.rows * self.row_bytes


def tile_innermost_dim_hints(functions: Iterable[Function], soc: str = "910B") -> list[Diagnostic] | None:
    """PH001 for the tile loads and stores of a compiled program's functions; None when the
    program's hints are not judged here (a transfer not known, a kernel the later passes
    reshape in a way not modelled: `lower_auto_vector_split`, `lower_pipeline_loops`)."""
    backend = BACKENDS.get(soc)
    if backend is None:
        return None
    sites: dict[tuple[int, int, _Transfer], int] = {}
    functions = list(functions)
    names = {function.name for function in functions}
    for function in functions:
        calls = [call for stmt in walk_stmts(function.body) for call in own_calls(stmt)]
        if any(_unknown_callee(call, names) for call in calls):
            return None
        retyped = retyped_spaces(function)
        axis = lane_axis(function, calls, retyped)
        if axis == NOT_MODELLED:
            return None
        try:
            copied = list(calls_with_copies(function.body, is_mixed(calls, retyped)))
        except ReplicationNotModelled:
            return None
        for call, copies in copied:
            if call.op not in _TRANSFERS:
                continue
            transfer = _transfer(call, axis, retyped)
            if transfer is None:
                return None  # one transfer not known here: the program's hints are not judged
            if transfer.innermost_bytes >= backend.recommended_bytes:
                continue
            key = (call.span.start_line, call.span.start_col, transfer)
            sites[key] = sites.get(key, 0) + copies
    ordered = sorted(sites.items(), key=lambda item: _order(*item[0]))
    return [_hint(line, col, transfer, count, backend) for (line, col, transfer), count in ordered]


_TRANSFERS = ("tile.load", "tile.store")


def _unknown_callee(call: Call, names: set[str]) -> bool:
    """A call of a function the program we hold does not have (its kernels were not
    found: their transfers are not known)."""
    callee = call.op.removeprefix("self.")
    return "." not in callee and callee not in names


def _order(line: int, col: int, transfer: _Transfer) -> tuple:
    memory = _MEMORY_ORDER.index(transfer.memory) if transfer.memory in _MEMORY_ORDER else -1
    return (
        line,
        col,
        transfer.op,
        transfer.dtype,
        transfer.innermost_bytes,
        transfer.innermost_elems,
        memory,
        transfer.rows or 0,
        transfer.row_bytes or 0,
        transfer.transfer_bytes or 0,
    )


def _transfer(
    call: Call, lane_axis: int | None = None, retyped: dict[int, str] | None = None
) -> _Transfer | None:
    if call.op == "tile.load":
        tile = call.type
    elif call.op == "tile.store" and call.args:
        tile = call.args[0].type
        space = (retyped or {}).get(id(call.args[0]))
        if space is not None and isinstance(tile, TileType):  # an accumulator InferTileMemorySpace moves
            tile = TileType(tile.shape, tile.dtype, space, tile.view)
    else:
        return None
    if not isinstance(tile, TileType) or not tile.shape or tile.dtype is None:
        return None
    extent: tuple[object, ...] | None
    if lane_axis is not None and tile.memory == "Vec":
        lane = halved(tile, lane_axis)
        if lane is None:
            return None
        tile = lane
        extent = lane.shape  # a halved tile is wholly valid (`_lane_axis`)
    else:
        extent = _valid_extent(call, tile)
    last = tile.shape[-1]
    bits = dtype_bits(tile.dtype)
    if not isinstance(last, int) or isinstance(last, bool) or last <= 0 or not bits:
        return None
    if extent is None:
        return None  # the valid shape is not known here
    rows: int | None = 1
    for dim in extent[:-1]:
        if not isinstance(dim, int) or isinstance(dim, bool) or dim <= 0:
            rows = None
            break
        rows *= dim  # type: ignore[operator]
    valid_last = extent[-1]
    row_bytes = None
    if (
        rows is not None
        and isinstance(valid_last, int)
        and not isinstance(valid_last, bool)
        and valid_last > 0
    ):
        row_bytes = (valid_last * bits + 7) // 8
    else:
        rows = None
    return _Transfer(
        call.op, dtype_text(tile.dtype), (last * bits + 7) // 8, last, tile.memory, rows, row_bytes
    )


def _valid_extent(call: Call, tile: TileType) -> tuple[object, ...] | None:
    """The tile's valid shape: its view's; for a load whose view was not computed here, the
    load's own valid-shape argument (`tile.load(src, offsets, shapes, valid_shapes)`), which
    is what the real op gives its result."""
    if tile.view is None:
        return tile.shape
    if isinstance(tile.view, TileView):
        return tile.view.valid_shape or tile.shape
    if call.op == "tile.load" and len(call.args) >= 4 and isinstance(call.args[3], MakeTuple):
        dims = [item.value if isinstance(item, Const) else None for item in call.args[3].items]
        if all(isinstance(dim, int) for dim in dims) and len(dims) == len(tile.shape or ()):
            return tuple(dims)
    return None


def _hint(line: int, col: int, transfer: _Transfer, count: int, backend: Backend) -> Diagnostic:
    message = (
        f"{RULE}: {transfer.op} has innermost dim = {transfer.innermost_bytes}B (tile {transfer.dtype}"
        f"[{transfer.innermost_elems}], target_memory={transfer.memory or 'unknown'})"
    )
    if transfer.transfer_bytes is not None:
        message += f"; moves {transfer.transfer_bytes}B as {transfer.rows} x {transfer.row_bytes}B rows"
    message += (
        f"; recommended >= {backend.recommended_bytes}B for backend {backend.arch} (L2 cache line = "
        f"{backend.l2_cache_line_bytes}B). Consider increasing tile shape on the innermost axis."
    )
    if count > 1:
        message += f" ({count} occurrences at this source location)"
    return Diagnostic(
        codes.PERF_HINT_TILE_INNERMOST_DIM,
        message,
        Span(line, col, line, col),
        severity=Severity.HINT,
        stage=Stage.PERF_HINT,
        data={"hint_code": HINT_CODE},
    )
