"""`pl.min` / `pl.max` of index scalars (`arith.minsi` / `arith.maxsi`), in kernels of our own."""

import pypto.language as pl


@pl.program
class ScalarMin:
    @pl.function(type=pl.FunctionType.InCore)
    def smin(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        c: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        row = pl.min(96, n * 2)
        t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [row, 0], [32, 64])
        c = pl.store(t, [row, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        c = self.smin(a, 3, c)
        return c


@pl.program
class ScalarMaxInLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def smax(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        c: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        for i in pl.range(3):
            row = pl.max(i * 32, n - 16)
            t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [row, 0], [32, 64])
            u: pl.Tile[[32, 64], pl.FP32] = pl.exp(t)
            c = pl.store(u, [row, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        c = self.smax(a, 40, c)
        return c
