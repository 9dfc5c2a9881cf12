# Derived from pypto e2d0f78 tests/st/runtime/ops/test_col_reduction.py (ColSum_8x128_FP32_Sequential); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class ColSum_8x128_FP32_Sequential:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[8, 512], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 512], pl.FP32]],
    ) -> pl.Tensor[[1, 512], pl.FP32]:
        tile: pl.Tile[[8, 512], pl.FP32] = pl.load(input_tensor, [0, 0], [8, 512])
        result: pl.Tile[[1, 512], pl.FP32] = pl.tile.col_sum(tile)
        return pl.store(result, offsets=[0, 0], output_tensor=output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[8, 512], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 512], pl.FP32]],
    ) -> pl.Tensor[[1, 512], pl.FP32]:
        output = self.kernel(input_tensor, output)
        return output
