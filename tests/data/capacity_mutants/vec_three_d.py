import pypto.language as pl


@pl.program
class GrownNd:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[4, 64, 96], pl.FP32],
        b: pl.Tensor[[4, 64, 96], pl.FP32],
        c: pl.Out[pl.Tensor[[4, 64, 96], pl.FP32]],
    ) -> pl.Tensor[[4, 64, 96], pl.FP32]:
        ta = pl.load(a, [0, 0, 0], [4, 64, 96])
        tb = pl.load(b, [0, 0, 0], [4, 64, 96])
        tc = pl.mul(ta, tb)
        out = pl.store(tc, [0, 0, 0], c)
        return out
