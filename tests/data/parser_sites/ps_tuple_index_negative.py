import pypto.language as pl

K = 0


@pl.program
class PS:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        o1: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        o2: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        ta = pl.load(a, [0, 0], [64, 64])
        o1 = pl.store(ta, [0, 0], o1)
        o2 = pl.store(ta, [0, 0], o2)
        return o1, o2

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        o1: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        o2: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        res = self.kernel(a, o1, o2)
        first = res[-1]
        return first
