# Derived from pypto e2d0f78 tests/st/runtime/ops/test_scatter_update.py (IndexCastFromTileReadProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class IndexCastFromTileReadProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        index_t: pl.Tensor[[1, 8], pl.INT32],
        src_t: pl.Tensor[[1, 128], pl.FP32],
        dst_t: pl.InOut[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        index_tile: pl.Tile[[1, 8], pl.INT32] = pl.load(index_t, [0, 0], [1, 8])
        src_tile: pl.Tile[[1, 128], pl.FP32] = pl.load(src_t, offsets=[0, 0], shapes=[1, 128])
        row: pl.Scalar[pl.INT32] = pl.tile.read(index_tile, [0, 0])
        row_idx: pl.Scalar[pl.INDEX] = pl.cast(row, pl.INDEX)
        dst_t = pl.store(src_tile, [row_idx, 0], dst_t)
        return dst_t

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        index_t: pl.Tensor[[1, 8], pl.INT32],
        src_t: pl.Tensor[[1, 128], pl.FP32],
        dst_t: pl.InOut[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        dst_t = self.kernel(index_t, src_t, dst_t)
        return dst_t
