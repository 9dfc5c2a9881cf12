import pypto.language as pl


@pl.program
class GrownRsqrt:
    @pl.function(type=pl.FunctionType.InCore)
    def norm(
        self,
        a: pl.Tensor[[128, 192], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 192], pl.FP32]],
    ) -> pl.Tensor[[128, 192], pl.FP32]:
        ta = pl.load(a, [0, 0], [128, 192])
        tc = pl.rsqrt(ta)
        out = pl.store(tc, [0, 0], c)
        return out
