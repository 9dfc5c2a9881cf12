import pypto.language as pl
@pl.program
class IfYieldTensorProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_if_yield(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        cond: pl.Scalar[pl.INT32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
        if cond == 1:
            k = pl.yield_(cond)
        else:
            k = pl.yield_(1)
        out: pl.Tensor[[64, 64], pl.FP32] = pl.store(tile_a, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        cond_tensor: pl.Tensor[[1], pl.INT32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        cond: pl.Scalar[pl.INT32] = pl.tensor.read(cond_tensor, [0])
        c = self.kernel_if_yield(a, cond, c)
        return c
