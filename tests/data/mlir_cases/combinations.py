"""The modelled forms in combination, in kernels of our own: an if over N-D tiles on a BOOL flag,
[N, 1] ops in the branches of an if, an if's result read after a loop, a BOOL init condition."""

import pypto.language as pl


@pl.program
class NdInIf:
    @pl.function(type=pl.FunctionType.InCore)
    def nd_if(
        self,
        x: pl.Tensor[[2, 16, 64], pl.FP32],
        flag: pl.Scalar[pl.BOOL],
        y: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t: pl.Tile[[2, 16, 64], pl.FP32] = pl.load(x, [0, 0, 0], [2, 16, 64])
        if flag:
            u: pl.Tile[[2, 16, 64], pl.FP32] = pl.exp(t)
        else:
            u: pl.Tile[[2, 16, 64], pl.FP32] = pl.mul(t, t)
        y = pl.store(u, [0, 0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        x: pl.Tensor[[2, 16, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        y = self.nd_if(x, False, y)
        return y


@pl.program
class ColumnIf:
    @pl.function(type=pl.FunctionType.InCore)
    def col_if(
        self,
        a: pl.Tensor[[16, 1], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        c: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        t: pl.Tile[[16, 1], pl.FP32] = pl.load(a, [0, 0], [16, 1])
        if n >= 1:
            u: pl.Tile[[16, 1], pl.FP32] = pl.exp(t)
            c = pl.store(u, [0, 0], c)
        else:
            v: pl.Tile[[16, 1], pl.FP32] = pl.add(t, t)
            c = pl.store(v, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[16, 1], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        c = self.col_if(a, 2, c)
        return c


@pl.program
class PhiAfterLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def phi_after(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
        if n < 5:
            r: pl.Tile[[64, 64], pl.FP32] = pl.sqrt(t)
        else:
            r: pl.Tile[[64, 64], pl.FP32] = pl.abs(t)
        for i in pl.range(2):
            w: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [i * 32, 0], [32, 64])
            w2: pl.Tile[[32, 64], pl.FP32] = pl.add(w, 1.0)
            c = pl.store(w2, [i * 32, 0], c)
        s: pl.Tile[[64, 64], pl.FP32] = pl.add(r, t)
        c = pl.store(s, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        c = self.phi_after(a, 3, c)
        return c


@pl.program
class BoolInitMatmul:
    @pl.function(type=pl.FunctionType.InCore)
    def bool_init(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        b: pl.Tensor[[64, 32], pl.FP32],
        first: pl.Scalar[pl.BOOL],
        c: pl.InOut[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        acc = pl.tile.create([16, 32], pl.FP32, target_memory=pl.MemorySpace.Acc)
        a_l1 = pl.load(a, offsets=[0, 0], shapes=[16, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, offsets=[0, 0], shapes=[64, 32], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul_acc(acc, a_l0, b_l0, init_cond=first)
        out_c = pl.store(acc, offsets=[0, 0], output_tensor=c)
        return out_c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        b: pl.Tensor[[64, 32], pl.FP32],
        c: pl.InOut[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        c = self.bool_init(a, b, True, c)
        return c
