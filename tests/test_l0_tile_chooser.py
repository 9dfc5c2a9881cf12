"""AutoTileMatmulL0's L0 tile choice, held to the real `ChooseL0Tile` (`tests/data/l0_tiles.json`,
recorded by `tests/record_l0_tiles.py` from the real binding): the tile, the held operand."""

from __future__ import annotations

import json
from pathlib import Path

from compiler.passes.l0_tile_chooser import BACKENDS, Problem, Stationarity, choose_l0_tile

RECORD = Path(__file__).parent / "data" / "l0_tiles.json"
_STATIONARITY = {
    "OutputStationary": Stationarity.OUTPUT,
    "AStationary": Stationarity.A,
    "BStationary": Stationarity.B,
}


def _ours(row: list) -> tuple:
    soc, M, N, K, ba, bb, bc, c_read, align_c = row[:9]
    got = choose_l0_tile(Problem(M, N, K, ba, bb, bc, c_read, align_c), BACKENDS[soc])
    return (got.m, got.n, got.k, got.stationarity, got.os_holds_a) if got else (0, 0, 0, None, False)


def _real(row: list) -> tuple:
    m, n, k, stationarity, holds_a = row[9:]
    return (m, n, k, _STATIONARITY.get(stationarity), holds_a)


def test_every_tenth_recorded_matmul_gets_the_real_l0_tile():
    """A sample across both SoCs, the three element sizes and the accumulating form (the
    whole record takes a minute and a half; every row agrees)."""
    rows = json.loads(RECORD.read_text(encoding="utf-8"))
    sample = rows[::10]
    wrong = [(row[:9], _ours(row), _real(row)) for row in sample if _ours(row) != _real(row)]
    assert wrong == []
    assert len(sample) == 888


def test_the_chooser_splits_k_of_a_64x64_fp32_matmul_over_256_in_two():
    """pypto-lib's beginner matmul: `[64, 256] x [256, 64]` FP32 is two K blocks of 128 in the real .pto."""
    got = choose_l0_tile(Problem(64, 64, 256, 4, 4, 4), BACKENDS["910B"])
    assert got is not None and (got.m, got.n, got.k) == (64, 64, 128)


def test_the_chooser_refuses_a_side_below_the_cube_fractal():
    assert choose_l0_tile(Problem(8, 64, 256, 2, 2, 4), BACKENDS["910B"]) is None
    assert choose_l0_tile(Problem(64, 64, 200, 2, 2, 4), BACKENDS["910B"]) is None
