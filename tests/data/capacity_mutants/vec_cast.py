import pypto.language as pl


@pl.program
class GrownCast:
    @pl.function(type=pl.FunctionType.InCore)
    def widen(
        self,
        a: pl.Tensor[[256, 256], pl.FP16],
        c: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        ta = pl.load(a, [0, 0], [256, 256])
        tc = pl.cast(ta, target_type=pl.FP32)
        out = pl.store(tc, [0, 0], c)
        return out
