"""More if/else and while forms of our own: two results, an if in a while loop; and forms the emitter
refuses (a nested if's result, an if without else over a tile made before it, a while loop carrying
a tile, whose real form gives the yielded tile a buffer of its own, a loop carrying an if's result)."""

import pypto.language as pl


@pl.program
class TwoPhis:
    @pl.function(type=pl.FunctionType.InCore)
    def two_phis(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
        d: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [0, 0], [32, 64])
        if n > 3:
            x: pl.Tile[[32, 64], pl.FP32] = pl.exp(t)
            y: pl.Tile[[32, 64], pl.FP32] = pl.add(t, 1.0)
        else:
            x: pl.Tile[[32, 64], pl.FP32] = pl.mul(t, 3.0)
            y: pl.Tile[[32, 64], pl.FP32] = pl.sub(t, 2.0)
        s: pl.Tile[[32, 64], pl.FP32] = pl.add(x, y)
        c = pl.store(s, [0, 0], c)
        d = pl.store(t, [0, 0], d)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
        d: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        c = self.two_phis(a, 5, c, d)
        return c


@pl.program
class NestedIf:
    @pl.function(type=pl.FunctionType.InCore)
    def nested(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [0, 0], [32, 64])
        if n > 3:
            if n > 7:
                x: pl.Tile[[32, 64], pl.FP32] = pl.exp(t)
            else:
                x: pl.Tile[[32, 64], pl.FP32] = pl.add(t, 1.0)
        else:
            x: pl.Tile[[32, 64], pl.FP32] = pl.mul(t, 3.0)
        c = pl.store(x, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        c = self.nested(a, 5, c)
        return c


@pl.program
class WhileCarryTile:
    @pl.function(type=pl.FunctionType.InCore)
    def while_tile(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        acc: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [0, 0], [32, 64])
        i: pl.Scalar[pl.INDEX] = 0
        while i < 3:
            acc = pl.add(acc, acc)
            i = i + 1
        c = pl.store(acc, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        c = self.while_tile(a, c)
        return c


@pl.program
class IfInWhile:
    @pl.function(type=pl.FunctionType.InCore)
    def if_in_while(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        i: pl.Scalar[pl.INDEX] = 0
        while i < 4:
            t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [i * 32, 0], [32, 64])
            if i == 2:
                u: pl.Tile[[32, 64], pl.FP32] = pl.exp(t)
            else:
                u: pl.Tile[[32, 64], pl.FP32] = pl.relu(t)
            c = pl.store(u, [i * 32, 0], c)
            i = i + 1
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        c = self.if_in_while(a, c)
        return c


@pl.program
class IfYieldsOuterTile:
    @pl.function(type=pl.FunctionType.InCore)
    def outer_tile(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [0, 0], [32, 64])
        x: pl.Tile[[32, 64], pl.FP32] = pl.exp(t)
        if n > 3:
            x = pl.add(t, 1.0)
        c = pl.store(x, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        c = self.outer_tile(a, 5, c)
        return c

@pl.program
class AccIf:
    @pl.function(type=pl.FunctionType.InCore)
    def acc_if(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        acc: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [0, 0], [32, 64])
        for i in pl.range(4):
            t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [i * 32, 0], [32, 64])
            if i == 0:
                acc = pl.mul(t, 2.0)
            else:
                acc = pl.add(acc, t)
        c = pl.store(acc, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        c = self.acc_if(a, c)
        return c
