# Derived from pypto e2d0f78 tests/st/runtime/ops/test_mscatter.py (MscatterFP16_8x32Program); CANN Open Software License Agreement v2.0
import pypto.language as pl




@pl.program
class MscatterFP16_8x32Program:
    """Scatter-store FP16 [8, 32] tile into a 1D tensor."""

    @pl.function(type=pl.FunctionType.InCore)
    def mscatter_kernel(
        self,
        src_tensor: pl.Tensor[[8, 128], pl.FP16],
        idx_tensor: pl.Tensor[[8, 128], pl.INT32],
        output: pl.Out[pl.Tensor[[1024], pl.FP16]],
    ) -> pl.Tensor[[1024], pl.FP16]:
        src_tile: pl.Tile[[8, 128], pl.FP16] = pl.load(src_tensor, offsets=[0, 0], shapes=[8, 128])
        idx_tile: pl.Tile[[8, 128], pl.INT32] = pl.load(idx_tensor, offsets=[0, 0], shapes=[8, 128])
        out: pl.Tensor[[1024], pl.FP16] = pl.mscatter(src_tile, idx_tile, output)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        src_tensor: pl.Tensor[[8, 128], pl.FP16],
        idx_tensor: pl.Tensor[[8, 128], pl.INT32],
        output: pl.Out[pl.Tensor[[1024], pl.FP16]],
    ) -> pl.Tensor[[1024], pl.FP16]:
        output = self.mscatter_kernel(src_tensor, idx_tensor, output)
        probe = pl.add(src_tensor, src_tensor)
        return output
