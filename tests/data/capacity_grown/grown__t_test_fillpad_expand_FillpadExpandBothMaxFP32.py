# Derived from pypto e2d0f78 tests/st/runtime/ops/test_fillpad_expand.py (FillpadExpandBothMaxFP32); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class FillpadExpandBothMaxFP32:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[48, 48], pl.FP32],
        output: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        src: pl.Tile[[48, 48], pl.FP32] = pl.load(input_tensor, [0, 0], [48, 48])
        dst: pl.Tile[[256, 256], pl.FP32] = pl.tile.fillpad_expand(src, [256, 256], pad_value=pl.PadValue.max)
        return pl.store(dst, offsets=[0, 0], output_tensor=output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[48, 48], pl.FP32],
        output: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        return self.kernel(input_tensor, output)
