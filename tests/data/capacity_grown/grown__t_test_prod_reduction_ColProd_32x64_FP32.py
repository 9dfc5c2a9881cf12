# Derived from pypto e2d0f78 tests/st/runtime/ops/test_prod_reduction.py (ColProd_32x64_FP32); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class ColProd_32x64_FP32:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[128, 256], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
    ) -> pl.Tensor[[1, 256], pl.FP32]:
        tile: pl.Tile[[128, 256], pl.FP32] = pl.load(input_tensor, [0, 0], [128, 256])
        result: pl.Tile[[1, 256], pl.FP32] = pl.tile.col_prod(tile)
        return pl.store(result, [0, 0], input_tensor)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[128, 256], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
    ) -> pl.Tensor[[1, 256], pl.FP32]:
        output = self.kernel(input_tensor, output)
        return output
