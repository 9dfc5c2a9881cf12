import pypto.language as pl


@pl.program
class GrownChain:
    @pl.function(type=pl.FunctionType.InCore)
    def chain(
        self,
        a: pl.Tensor[[128, 128], pl.FP32],
        b: pl.Tensor[[128, 128], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        ta = pl.load(a, [0, 0], [128, 128])
        tb = pl.load(b, [0, 0], [128, 128])
        ea = pl.exp(ta)
        eb = pl.exp(tb)
        s = pl.add(ea, eb)
        t = pl.mul(s, ta)
        u = pl.sub(t, tb)
        out = pl.store(u, [0, 0], c)
        return out
