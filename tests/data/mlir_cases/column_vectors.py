"""Column vectors ([M, 1] tensors, DN) and [M, 1] windows, in kernels of our own."""

import pypto.language as pl


@pl.program
class ColumnAdd:
    @pl.function(type=pl.FunctionType.InCore)
    def col_add(
        self,
        a: pl.Tensor[[32, 1], pl.FP32],
        b: pl.Tensor[[32, 1], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 1], pl.FP32]],
    ) -> pl.Tensor[[32, 1], pl.FP32]:
        ta: pl.Tile[[32, 1], pl.FP32] = pl.load(a, [0, 0], [32, 1])
        tb: pl.Tile[[32, 1], pl.FP32] = pl.load(b, [0, 0], [32, 1])
        s: pl.Tile[[32, 1], pl.FP32] = pl.add(ta, tb)
        c = pl.store(s, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 1], pl.FP32],
        b: pl.Tensor[[32, 1], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 1], pl.FP32]],
    ) -> pl.Tensor[[32, 1], pl.FP32]:
        c = self.col_add(a, b, c)
        return c


@pl.program
class ColumnOfMatrix:
    @pl.function(type=pl.FunctionType.InCore)
    def col_window(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        t: pl.Tile[[16, 1], pl.FP32] = pl.load(a, [0, 3], [16, 1])
        e: pl.Tile[[16, 1], pl.FP32] = pl.exp(t)
        c = pl.store(e, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        c = self.col_window(a, c)
        return c


@pl.program
class ColumnHalf:
    @pl.function(type=pl.FunctionType.InCore)
    def col_half(
        self,
        a: pl.Tensor[[64, 1], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 1], pl.FP32]],
    ) -> pl.Tensor[[64, 1], pl.FP32]:
        for i in pl.range(2):
            t: pl.Tile[[32, 1], pl.FP32] = pl.load(a, [i * 32, 0], [32, 1])
            u: pl.Tile[[32, 1], pl.FP32] = pl.mul(t, 2.0)
            c = pl.store(u, [i * 32, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 1], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 1], pl.FP32]],
    ) -> pl.Tensor[[64, 1], pl.FP32]:
        c = self.col_half(a, c)
        return c


@pl.program
class ColumnCopy:
    @pl.function(type=pl.FunctionType.InCore)
    def col_copy(
        self, a: pl.Tensor[[16, 1], pl.FP32], c: pl.Out[pl.Tensor[[16, 1], pl.FP32]]
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        t: pl.Tile[[16, 1], pl.FP32] = pl.load(a, [0, 0], [16, 1])
        return pl.store(t, [0, 0], c)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self, a: pl.Tensor[[16, 1], pl.FP32], c: pl.Out[pl.Tensor[[16, 1], pl.FP32]]
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        c = self.col_copy(a, c)
        return c
