# Derived from pypto e2d0f78 tests/st/runtime/ops/test_scatter_update.py (TileScatterUpdateProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class TileScatterUpdateProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_t: pl.Tensor[[128, 128], pl.FP32],
        index_t: pl.Tensor[[2, 8], pl.INT32],
        src_t: pl.Tensor[[64, 128], pl.FP32],
        dst_t: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        input_tile: pl.Tile[[128, 128], pl.FP32] = pl.load(input_t, [0, 0], [128, 128])
        index_tile: pl.Tile[[2, 8], pl.INT32] = pl.load(index_t, [0, 0], [2, 8])
        src_tile: pl.Tile[[64, 128], pl.FP32] = pl.load(src_t, [0, 0], [64, 128])
        result: pl.Tile[[128, 128], pl.FP32] = pl.tile.scatter_update(
            input_tile, dim=-2, index=index_tile, src=src_tile
        )
        dst_t = pl.store(result, [0, 0], dst_t)
        return dst_t

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_t: pl.Tensor[[128, 128], pl.FP32],
        index_t: pl.Tensor[[2, 8], pl.INT32],
        src_t: pl.Tensor[[64, 128], pl.FP32],
        dst_t: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        dst_t = self.kernel(input_t, index_t, src_t, dst_t)
        probe = pl.add(input_t, input_t)
        return dst_t
