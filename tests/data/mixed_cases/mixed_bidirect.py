import pypto.language as pl


@pl.program
class MixedBidirect:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def kernel(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [32, 64])
        t1 = pl.add(ta, ta)
        b_mat = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(t1, b_mat)
        s = pl.add(acc, ta)
        out = pl.store(s, [0, 0], c)
        return out
