# Derived from pypto e2d0f78 tests/st/runtime/ops/test_max_min.py (TileMinimumProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl

M = 64
N = 64
SCALARS = [-2.5, 0.0, 2.5]


@pl.program
class TileMinimumProgram:
    """Element-wise minimum of two FP32 tiles."""

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        lhs: pl.Tensor[[M, N], pl.FP32],
        rhs: pl.Tensor[[M, N], pl.FP32],
        out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        lhs_tile: pl.Tile[[M, N], pl.FP32] = pl.load(lhs, [0, 0], [M, N], valid_shape=[M, N])
        rhs_tile: pl.Tile[[M, N], pl.FP32] = pl.load(rhs, [0, 0], [M, N], valid_shape=[M, N])
        rhs_tile_lp = pl.cast(rhs_tile, target_type=pl.FP16)
        out_tile: pl.Tile[[M, N], pl.FP32] = pl.tile.minimum(lhs_tile, rhs_tile_lp)
        out = pl.store(out_tile, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        lhs: pl.Tensor[[M, N], pl.FP32],
        rhs: pl.Tensor[[M, N], pl.FP32],
        out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        out = self.kernel(lhs, rhs, out)
        return out
