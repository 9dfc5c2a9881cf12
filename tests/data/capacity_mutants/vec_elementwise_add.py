import pypto.language as pl


@pl.program
class GrownAdd:
    @pl.function(type=pl.FunctionType.InCore)
    def add(
        self,
        a: pl.Tensor[[128, 192], pl.FP32],
        b: pl.Tensor[[128, 192], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 192], pl.FP32]],
    ) -> pl.Tensor[[128, 192], pl.FP32]:
        ta = pl.load(a, [0, 0], [128, 192])
        tb = pl.load(b, [0, 0], [128, 192])
        tc = pl.add(ta, tb)
        out = pl.store(tc, [0, 0], c)
        return out
