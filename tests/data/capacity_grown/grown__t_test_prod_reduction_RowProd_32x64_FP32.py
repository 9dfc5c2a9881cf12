# Derived from pypto e2d0f78 tests/st/runtime/ops/test_prod_reduction.py (RowProd_32x64_FP32); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class RowProd_32x64_FP32:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[128, 256], pl.FP32],
        output: pl.Out[pl.Tensor[[128, 1], pl.FP32]],
    ) -> pl.Tensor[[128, 1], pl.FP32]:
        tile: pl.Tile[[128, 256], pl.FP32] = pl.load(input_tensor, [0, 0], [128, 256])
        tmp: pl.Tile[[128, 256], pl.FP32] = pl.tile.create(
            [128, 256], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec
        )
        result: pl.Tile[[128, 1], pl.FP32] = pl.tile.row_prod(tile, tmp)
        return pl.store(result, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[128, 256], pl.FP32],
        output: pl.Out[pl.Tensor[[128, 1], pl.FP32]],
    ) -> pl.Tensor[[128, 1], pl.FP32]:
        output = self.kernel(input_tensor, output)
        probe = pl.add(input_tensor, input_tensor)
        return output
