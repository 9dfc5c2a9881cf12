"""Elementwise ops on [N, 1] column-major tiles (ResolveBackendOpLayouts runs them on [1, N]
row-major views), in two kernels of one program and one of another, of our own."""

import pypto.language as pl


@pl.program
class ColumnChain:
    @pl.function(type=pl.FunctionType.InCore)
    def col_chain(
        self,
        a: pl.Tensor[[32, 1], pl.FP32],
        b: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 1], pl.FP32]],
        d: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 1], pl.FP32]:
        t: pl.Tile[[32, 1], pl.FP32] = pl.load(a, [0, 0], [32, 1])
        u: pl.Tile[[32, 1], pl.FP32] = pl.exp(t)
        v: pl.Tile[[32, 1], pl.FP32] = pl.add(u, t)
        w: pl.Tile[[32, 1], pl.FP32] = pl.mul(v, 2.0)
        x: pl.Tile[[32, 64], pl.FP32] = pl.load(b, [0, 0], [32, 64])
        y: pl.Tile[[32, 64], pl.FP32] = pl.row_expand_mul(x, w)
        z: pl.Tile[[32, 1], pl.FP32] = pl.maximum(w, u)
        c = pl.store(z, [0, 0], c)
        d = pl.store(y, [0, 0], d)
        return c

    @pl.function(type=pl.FunctionType.InCore)
    def col_second(
        self,
        a: pl.Tensor[[16, 1], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        t: pl.Tile[[16, 1], pl.FP32] = pl.load(a, [0, 0], [16, 1])
        u: pl.Tile[[16, 1], pl.FP32] = pl.sub(t, 1.0)
        v: pl.Tile[[16, 1], pl.FP32] = pl.sqrt(u)
        c = pl.store(v, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 1], pl.FP32],
        b: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 1], pl.FP32]],
        d: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
        e: pl.Tensor[[16, 1], pl.FP32],
        f: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
    ) -> pl.Tensor[[32, 1], pl.FP32]:
        c = self.col_chain(a, b, c, d)
        f = self.col_second(e, f)
        return c


@pl.program
class ColumnLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def col_loop(
        self,
        a: pl.Tensor[[64, 1], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 1], pl.FP32]],
    ) -> pl.Tensor[[64, 1], pl.FP32]:
        for i in pl.range(2):
            t: pl.Tile[[32, 1], pl.FP32] = pl.load(a, [i * 32, 0], [32, 1])
            u: pl.Tile[[32, 1], pl.FP32] = pl.div(t, t)
            c = pl.store(u, [i * 32, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 1], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 1], pl.FP32]],
    ) -> pl.Tensor[[64, 1], pl.FP32]:
        c = self.col_loop(a, c)
        return c
