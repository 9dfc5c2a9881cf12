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
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(a, [0, 0], [64, 64])
                out = pl.store(t, [0, 0], out)
            with pl.at(level=pl.Level.CORE_GROUP):
                u = pl.load(a, [64, 0], [64, 64])
                out = pl.store(u, [64, 0], out)
        return out
