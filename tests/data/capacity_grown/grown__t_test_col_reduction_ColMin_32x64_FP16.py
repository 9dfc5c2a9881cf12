# Derived from pypto e2d0f78 tests/st/runtime/ops/test_col_reduction.py (ColMin_32x64_FP16); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class ColMin_32x64_FP16:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[128, 256], pl.FP16],
        output: pl.Out[pl.Tensor[[1, 256], pl.FP16]],
    ) -> pl.Tensor[[1, 256], pl.FP16]:
        tile: pl.Tile[[128, 256], pl.FP16] = pl.load(input_tensor, [0, 0], [128, 256])
        result: pl.Tile[[1, 256], pl.FP16] = pl.tile.col_min(tile)
        return pl.store(result, [0, 0], input_tensor)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[128, 256], pl.FP16],
        output: pl.Out[pl.Tensor[[1, 256], pl.FP16]],
    ) -> pl.Tensor[[1, 256], pl.FP16]:
        output = self.kernel(input_tensor, output)
        return output
