import pypto.language as pl


@pl.program
class GemvLhsValidKPastRhs:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 64])
        tb = pl.load(b, [0, 0], [64, 64])
        am = pl.load(a, [0, 0], [1, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat, valid_shape=[32, 64])
        al = pl.move(am, target_memory=pl.MemorySpace.Left)
        br = pl.move(bm, target_memory=pl.MemorySpace.Right)
        acc = pl.tile.gemv(al, br)
        tc = ta
        return pl.store(tc, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        out = self.kernel(a, b, out)
        return out
