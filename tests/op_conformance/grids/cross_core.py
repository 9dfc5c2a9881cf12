"""Cross-core transfers, system ops and arrays: `pl.tpop_from_aic` / `tpop_from_aiv`,
`pl.reserve_buffer`, `pl.import_peer_buffer` (src/ir/op/tile_ops/cross_core.cpp,
src/ir/op/sync_ops/cross_core.cpp).

Most of these ops deduce the real `UnknownType`, which the real printer writes as an
annotation this front end does not: their accepted rows are the typed ones (a `tpop`
with its tile type, a buffer's INT32 handle); what is refused is keyword types and
the wrappers' own checks.
"""

from __future__ import annotations

from op_conformance.grid import Row


def _row(op: str, id_: str, check: str, call: str, setup: tuple[str, ...] = ()) -> Row:
    return Row(id=f"{op}/{id_}", op=op, check=check, call=call, setup=setup)


_TPOP = [
    _row(
        "system.tpop_from_aic",
        "typed",
        "result type",
        "pl.tpop_from_aic(shape=[16, 64], dtype=pl.FP32, split=1)",
    ),
    _row(
        "system.tpop_from_aiv",
        "typed",
        "result type",
        "pl.tpop_from_aiv(shape=[32, 32], dtype=pl.FP16, id=2)",
    ),
    _row("system.tpop_from_aic", "shape-only", "result type", "pl.tpop_from_aic(shape=[16, 64], split=1)"),
    _row("system.tpop_from_aiv", "dtype-only", "result type", "pl.system.tpop_from_aiv(dtype=pl.FP16)"),
    _row(
        "system.tpop_from_aic",
        "typed-system",
        "result type",
        "pl.system.tpop_from_aic(shape=[8, 128], dtype=pl.BF16, split=2, lane_stride=4)",
    ),
]

_BUFFERS = [
    _row(
        "system.reserve_buffer",
        "auto",
        "keyword types",
        'pl.reserve_buffer(name="buf", size=4096, base=pl.AUTO)',
    ),
    _row(
        "system.reserve_buffer",
        "base",
        "keyword types",
        'pl.reserve_buffer(name="buf", size=4096, base=0x1000)',
    ),
    _row(
        "system.reserve_buffer", "size-string", "keyword types", 'pl.reserve_buffer(name="buf", size="4096")'
    ),
    _row("system.reserve_buffer", "name-int", "keyword types", "pl.reserve_buffer(name=1, size=4096)"),
    _row(
        "system.import_peer_buffer",
        "import",
        "keyword types",
        'pl.import_peer_buffer(name="buf", peer_func="producer")',
    ),
    _row(
        "system.import_peer_buffer",
        "peer-int",
        "keyword types",
        'pl.import_peer_buffer(name="buf", peer_func=3)',
    ),
]

# `tpush_*` and `tfree_*` (keyword types refused, else the real UnknownType) and
# `pl.array.create` (dtype and extent refused, else an ArrayType) have no row: what the
# real printer writes for their accepted results (`pl.UnknownType`, `pl.Array[...]`) is
# no type this front end has, so no check of theirs could show both sides here.

ROWS: list[Row] = [*_TPOP, *_BUFFERS]
