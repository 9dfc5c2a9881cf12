"""The PTO op each tile op becomes, by the real backend's tables (src/backend/common/
pto_ops_elementwise.cpp at e2d0f78: its table of simple ops, its precision ops and its
custom-registered ones), for the tile ops this emitter writes.

Names are not derived from the tile op's name: the real table does not (`tile.maximum` is
`pto.tmax`, `tile.maximums` is `pto.tmaxs`), and a tile op the real backend registers no PTO
codegen for (`tile.sin`, `tile.cos`) is not emitted at all. `tests/test_pto_op_names.py`
holds every entry here to the real tables, recorded in `tests/data/real_pto_op_names.json`.
"""

from __future__ import annotations

# Two tiles in, one out: `pto.tadd ins(a, b) outs(dst)`.
BINARY = {
    "tile.add": "pto.tadd",
    "tile.sub": "pto.tsub",
    "tile.mul": "pto.tmul",
    "tile.div": "pto.tdiv",
    "tile.maximum": "pto.tmax",
    "tile.minimum": "pto.tmin",
}
# A tile and a scalar in: `pto.tadds ins(a, s) outs(dst)`.
TILE_SCALAR = {
    "tile.adds": "pto.tadds",
    "tile.subs": "pto.tsubs",
    "tile.muls": "pto.tmuls",
    "tile.divs": "pto.tdivs",
    "tile.maximums": "pto.tmaxs",
    "tile.minimums": "pto.tmins",
}
# The tile-scalar form of each binary op, for a binary op given a scalar right-hand side.
SCALAR_FORM = {
    "tile.add": "tile.adds",
    "tile.sub": "tile.subs",
    "tile.mul": "tile.muls",
    "tile.div": "tile.divs",
    "tile.maximum": "tile.maximums",
    "tile.minimum": "tile.minimums",
}
# One tile in, one out.
UNARY = {
    "tile.exp": "pto.texp",
    "tile.log": "pto.tlog",
    "tile.sqrt": "pto.tsqrt",
    "tile.rsqrt": "pto.trsqrt",
    "tile.neg": "pto.tneg",
    "tile.abs": "pto.tabs",
    "tile.recip": "pto.trecip",
    "tile.relu": "pto.trelu",
}
# Row reductions: (input, scratch tile) in, an [M, 1] column-major tile out.
ROW_REDUCTIONS = {
    "tile.row_sum": "pto.trowsum",
    "tile.row_max": "pto.trowmax",
    "tile.row_min": "pto.trowmin",
}
# A column ([M, 1]) or row ([1, N]) tile broadcast over a tile.
EXPANDS = {
    "tile.row_expand_sub": "pto.trowexpandsub",
    "tile.row_expand_mul": "pto.trowexpandmul",
    "tile.row_expand_div": "pto.trowexpanddiv",
    "tile.row_expand_max": "pto.trowexpandmax",
    "tile.row_expand_min": "pto.trowexpandmin",
    "tile.col_expand_add": "pto.tcolexpandadd",
    "tile.col_expand_sub": "pto.tcolexpandsub",
    "tile.col_expand_mul": "pto.tcolexpandmul",
    "tile.col_expand_div": "pto.tcolexpanddiv",
    "tile.col_expand_max": "pto.tcolexpandmax",
    "tile.col_expand_min": "pto.tcolexpandmin",
}
# Ops the emitter writes by hand (their operands are not a plain list).
SPECIAL = {
    "tile.load": "pto.tload",
    "tile.store": "pto.tstore",
    "tile.matmul": "pto.tmatmul",
    "tile.matmul_acc": "pto.tmatmul.acc",
    "tile.cast": "pto.tcvt",
    "tile.move": "pto.tmov",
    "tile.full": "pto.texpands",
}


def all_names() -> dict[str, str]:
    """Every tile op this emitter writes, with its PTO op."""
    return {**BINARY, **TILE_SCALAR, **UNARY, **ROW_REDUCTIONS, **EXPANDS, **SPECIAL}
