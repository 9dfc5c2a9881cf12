import pypto.language as pl


@pl.program
class GrownFor:
    @pl.function(type=pl.FunctionType.InCore)
    def chunked(
        self,
        a: pl.Tensor[[512, 192], pl.FP32],
        b: pl.Tensor[[512, 192], pl.FP32],
        c: pl.Out[pl.Tensor[[512, 192], pl.FP32]],
    ) -> pl.Tensor[[512, 192], pl.FP32]:
        for i in pl.range(4):
            ta = pl.load(a, [i * 128, 0], [128, 192])
            tb = pl.load(b, [i * 128, 0], [128, 192])
            tc = pl.add(ta, tb)
            c = pl.store(tc, [i * 128, 0], c)
        return c
