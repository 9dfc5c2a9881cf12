import pypto.language as pl


@pl.program
class SameHint:
    @pl.function(type=pl.FunctionType.Orchestration)
    def first(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="step"):
            t = pl.load(a, [0, 0], [64, 64])
            b = pl.store(pl.add(t, t), [0, 0], b)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="step"):
            u = pl.load(b, [0, 0], [64, 64])
            b = pl.store(pl.mul(u, u), [0, 0], b)
        return b

    @pl.function(type=pl.FunctionType.Orchestration)
    def second(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="step"):
            t = pl.load(a, [0, 0], [64, 64])
            b = pl.store(pl.sub(t, t), [0, 0], b)
        return b
