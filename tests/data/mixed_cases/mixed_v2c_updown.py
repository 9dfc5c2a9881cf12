import pypto.language as pl


@pl.program
class MixedV2CUpDown:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 64])
        tb = pl.load(b, [0, 0], [64, 64])
        s = pl.add(ta, tb)
        d = pl.sub(ta, tb)
        acc = pl.matmul(s, d)
        out = pl.store(acc, [0, 0], c)
        return out
