import pypto.language as pl


@pl.program
class TwoTargets:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[16, 128], pl.FP32],
        first: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
        second: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(a, [0, 0], [16, 128])
            first = pl.store(t, [0, 0], first)
            u = pl.add(t, t)
            second = pl.store(u, [0, 0], second)
        return first, second
