"""More forms of our own: an elif chain of stores, an if among many tiles (in-place-unsafe ops in
its branches), a while loop carrying two tensors, a rank-3 tensor read and written at a
loop-dependent middle offset with a cast."""

import pypto.language as pl


@pl.program
class ElifChain:
    @pl.function(type=pl.FunctionType.InCore)
    def elif_chain(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        n: pl.Scalar[pl.INT32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [0, 0], [32, 64])
        if n == 0:
            c = pl.store(t, [0, 0], c)
        elif n == 1:
            u: pl.Tile[[32, 64], pl.FP32] = pl.exp(t)
            c = pl.store(u, [0, 0], c)
        else:
            v: pl.Tile[[32, 64], pl.FP32] = pl.rsqrt(t)
            c = pl.store(v, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        c = self.elif_chain(a, 1, c)
        return c


@pl.program
class ManyTiles:
    @pl.function(type=pl.FunctionType.InCore)
    def many(
        self,
        a: pl.Tensor[[64, 128], pl.FP32],
        b: pl.Tensor[[64, 128], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        c: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        x: pl.Tile[[64, 128], pl.FP32] = pl.load(a, [0, 0], [64, 128])
        y: pl.Tile[[64, 128], pl.FP32] = pl.load(b, [0, 0], [64, 128])
        z: pl.Tile[[64, 128], pl.FP32] = pl.add(x, y)
        if 2 < n:
            w: pl.Tile[[64, 128], pl.FP32] = pl.mul(z, x)
            w2: pl.Tile[[64, 128], pl.FP32] = pl.rsqrt(w)
        else:
            w0: pl.Tile[[64, 128], pl.FP32] = pl.sub(z, y)
            w2: pl.Tile[[64, 128], pl.FP32] = pl.recip(w0)
        r: pl.Tile[[64, 128], pl.FP32] = pl.add(w2, z)
        c = pl.store(r, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 128], pl.FP32],
        b: pl.Tensor[[64, 128], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        c = self.many(a, b, 1, c)
        return c


@pl.program
class WhileTwoTensors:
    @pl.function(type=pl.FunctionType.InCore)
    def two_out(
        self,
        a: pl.Tensor[[64, 32], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
        d: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
    ) -> pl.Tensor[[64, 32], pl.FP32]:
        i: pl.Scalar[pl.INDEX] = 0
        while i < 64:
            t: pl.Tile[[16, 32], pl.FP32] = pl.load(a, [i, 0], [16, 32])
            u: pl.Tile[[16, 32], pl.FP32] = pl.neg(t)
            c = pl.store(u, [i, 0], c)
            d = pl.store(t, [i, 0], d)
            i = i + 16
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 32], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
        d: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
    ) -> pl.Tensor[[64, 32], pl.FP32]:
        c = self.two_out(a, c, d)
        return c


@pl.program
class Nd3Mid:
    @pl.function(type=pl.FunctionType.InCore)
    def nd_mid(
        self,
        x: pl.Tensor[[2, 64, 32], pl.BF16],
        y: pl.Out[pl.Tensor[[2, 64, 32], pl.FP32]],
    ) -> pl.Tensor[[2, 64, 32], pl.FP32]:
        for j in pl.range(4):
            t: pl.Tile[[2, 16, 32], pl.BF16] = pl.load(x, [0, j * 16, 0], [2, 16, 32])
            u: pl.Tile[[2, 16, 32], pl.FP32] = pl.cast(t, target_type=pl.FP32)
            v: pl.Tile[[2, 16, 32], pl.FP32] = pl.exp(u)
            y = pl.store(v, [0, j * 16, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        x: pl.Tensor[[2, 64, 32], pl.BF16],
        y: pl.Out[pl.Tensor[[2, 64, 32], pl.FP32]],
    ) -> pl.Tensor[[2, 64, 32], pl.FP32]:
        y = self.nd_mid(x, y)
        return y
