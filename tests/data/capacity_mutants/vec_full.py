import pypto.language as pl


@pl.program
class GrownFull:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self,
        a: pl.Tensor[[128, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 256], pl.FP32]],
    ) -> pl.Tensor[[128, 256], pl.FP32]:
        ta = pl.load(a, [0, 0], [128, 256])
        tmp = pl.tile.full([128, 256], dtype=pl.FP32, value=1.0)
        tc = pl.add(ta, tmp)
        out = pl.store(tc, [0, 0], c)
        return out
