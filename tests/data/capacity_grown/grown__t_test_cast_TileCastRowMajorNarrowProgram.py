# Derived from pypto e2d0f78 tests/st/runtime/ops/test_cast.py (TileCastRowMajorNarrowProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy

N = 64


@pl.program
class TileCastRowMajorNarrowProgram:
    """Narrow a row_major [1, N] tile i32 -> i16 (control, no col_major view)."""

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[1, N], pl.INT32],
        out: pl.Out[pl.Tensor[[1, N], pl.INT16]],
    ) -> pl.Tensor[[1, N], pl.INT16]:
        tile_a: pl.Tile[[1, N], pl.INT32] = pl.load(a, [0, 0], [1, N])
        narrowed: pl.Tile[[1, N], pl.INT16] = pl.tile.cast(tile_a, target_type=pl.INT16)
        out = pl.store(narrowed, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[1, N], pl.INT32],
        out: pl.Out[pl.Tensor[[1, N], pl.INT16]],
    ) -> pl.Tensor[[1, N], pl.INT16]:
        out = self.kernel(out, a)
        return out
