import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0 = pl.load(a, [0, 0], [64, 64])
        u = pl.cast(t0, target_type=pl.UINT8)
        t = pl.cast(u, target_type=pl.FP32)
        out: pl.Tensor[[64, 64], pl.FP32] = pl.store(t, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, a: pl.Tensor[[64, 64], pl.FP32], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        c = self.k(a, c)
        return c
