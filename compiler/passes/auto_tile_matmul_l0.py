"""AutoTileMatmulL0: which matmuls of Mat operands the real pass re-tiles, and how.

The real pass (after LegalizeTileCast) takes each `tile.matmul` / `tile.matmul_acc` of an
InCore kernel whose right operand is in Mat and whose left one is in Mat or Vec, all of a
static 2D shape, and asks the chooser (`l0_tile_chooser`) for an L0 tile `(m, n, k)`. It
leaves the matmul as it is when the tile is the whole matmul, when K is not a multiple of
the cube's 16, when an element is narrower than a byte, or when the chooser refuses the
shape; otherwise it rewrites it into a pipelined loop over K blocks of extracts into
Left / Right (and, when `m < M` or `n < N`, a grid of such loops over output tiles).

This module gives the decision (`l0_tiling`); the emitter (`codegen.pto_emitter`) plans
the K splits of the whole output (`L0Tiling.splits_k`) and emits the one in exactly two
blocks, which LowerPipelineLoops unrolls whole (its two stages are its two blocks). The chooser's
answer depends on the SoC (L0C, the cost model): `same_on_every_soc` says whether a plan
made for the default SoC holds on the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from compiler.passes.l0_tile_chooser import BACKENDS, L0Tile, Problem, choose_l0_tile

PASS_NAME = "AutoTileMatmulL0"
FRACTAL = 16


@dataclass(frozen=True)
class MatmulShape:
    """A matmul as the pass sees it: its operands' spaces (`loc=` names), `[M, K] x [K, N]`,
    its element widths in bits, whether the accumulator is an integer one, whether it
    accumulates into a given accumulator (`tile.matmul_acc`)."""

    lhs_space: str
    rhs_space: str
    M: int
    N: int
    K: int
    bits_a: int
    bits_b: int
    bits_c: int
    integer_acc: bool = False
    accumulating: bool = False


@dataclass(frozen=True)
class L0Tiling:
    """The pass's rewrite of one matmul: the chooser's tile of `shape`."""

    shape: MatmulShape
    tile: L0Tile

    @property
    def splits_k(self) -> bool:
        """The whole output, K in equal blocks (two or more, no narrower last one) of a Mat
        left operand: a pipelined loop of two stages, whose two blocks in flight hold two
        Left and two Right tiles beside one Acc tile (the real planner's use of three and
        four blocks is that of two)."""
        s, t = self.shape, self.tile
        return (t.m, t.n) == (s.M, s.N) and s.K % t.k == 0 and s.lhs_space == "mat"

    @property
    def splits_k_in_two(self) -> bool:
        """`splits_k` in exactly two blocks: the loop LowerPipelineLoops unrolls whole."""
        return self.splits_k and 2 * self.tile.k == self.shape.K


@lru_cache(maxsize=512)
def _chosen(problem: Problem, soc: str) -> L0Tile | None:
    return choose_l0_tile(problem, BACKENDS[soc])


def l0_tiling(shape: MatmulShape, soc: str = "910B") -> L0Tiling | None:
    """The pass's rewrite of the matmul on `soc`; None where it leaves the matmul as it is."""
    if shape.rhs_space != "mat" or shape.lhs_space not in ("mat", "vec"):
        return None
    if min(shape.bits_a, shape.bits_b, shape.bits_c) < 8 or shape.K % FRACTAL:
        return None
    # The 910B's accumulator rows of an INT32 result are aligned to 32, the others' to 16.
    l0c_align_m = 32 if shape.integer_acc and soc == "910B" else FRACTAL
    problem = Problem(
        shape.M,
        shape.N,
        shape.K,
        shape.bits_a // 8,
        shape.bits_b // 8,
        shape.bits_c // 8,
        shape.accumulating,
        l0c_align_m,
    )
    tile = _chosen(problem, soc)
    if tile is None or (tile.m, tile.n, tile.k) == (shape.M, shape.N, shape.K):
        return None
    return L0Tiling(shape, tile)


def same_on_every_soc(shape: MatmulShape) -> bool:
    """Whether every SoC's pass treats the matmul as the default one's does."""
    tilings = [l0_tiling(shape, soc) for soc in BACKENDS]
    return all(tiling == tilings[0] for tiling in tilings)
