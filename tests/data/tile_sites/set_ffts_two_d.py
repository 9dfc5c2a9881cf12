import pypto.language as pl


@pl.program
class SetFftsTwoD:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        ws: pl.Tensor[[2, 256], pl.INT64],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.system.set_ffts(ws)
        ta = pl.load(a, [0, 0], [64, 64])
        return pl.store(ta, [0, 0], out)
