import pypto.language as pl


@pl.program
class Nested:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for i in pl.range(0, 2):
                with pl.at(level=pl.Level.CORE_GROUP):
                    t = pl.load(a, [i * 64, 0], [64, 64])
                    out = pl.store(t, [i * 64, 0], out)
        return out
