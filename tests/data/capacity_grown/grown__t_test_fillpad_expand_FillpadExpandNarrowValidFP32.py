# Derived from pypto e2d0f78 tests/st/runtime/ops/test_fillpad_expand.py (FillpadExpandNarrowValidFP32); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class FillpadExpandNarrowValidFP32:
    """Source physical [48, 64] but only [40, 50] is valid (non-aligned col)."""

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[48, 256], pl.FP32],
        output: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        src: pl.Tile[[48, 256], pl.FP32] = pl.load(input_tensor, [0, 0], [48, 256], valid_shape=[40, 50])
        dst: pl.Tile[[256, 256], pl.FP32] = pl.tile.fillpad_expand(src, [256, 256], pad_value=pl.PadValue.zero)
        return pl.store(dst, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[48, 256], pl.FP32],
        output: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        probe = pl.add(input_tensor, input_tensor)
        return self.kernel(input_tensor, output)
