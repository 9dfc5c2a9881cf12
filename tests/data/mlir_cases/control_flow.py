"""If/else and while loops in kernels of our own (held to the real compiler's .pto in
tests/data/mlir_cases/control_flow/, recorded by tests/record_mlir_cases.py)."""

import pypto.language as pl


@pl.program
class IfInPlaceThen:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        b: pl.Tensor[[32, 64], pl.FP32],
        flag: pl.Scalar[pl.INT32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        ta: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [0, 0], [32, 64])
        tb: pl.Tile[[32, 64], pl.FP32] = pl.load(b, [0, 0], [32, 64])
        if flag >= 2:
            t: pl.Tile[[32, 64], pl.FP32] = pl.add(ta, tb)
        else:
            t: pl.Tile[[32, 64], pl.FP32] = pl.sub(ta, tb)
        t2: pl.Tile[[32, 64], pl.FP32] = pl.mul(t, ta)
        out: pl.Tensor[[32, 64], pl.FP32] = pl.store(t2, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        b: pl.Tensor[[32, 64], pl.FP32],
        flag_tensor: pl.Tensor[[1], pl.INT32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        flag: pl.Scalar[pl.INT32] = pl.tensor.read(flag_tensor, [0])
        c = self.pick(a, b, flag, c)
        return c


@pl.program
class IfStoreInBranches:
    @pl.function(type=pl.FunctionType.InCore)
    def branch_store(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        c: pl.InOut[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        for i in pl.range(4):
            row = i * 32
            t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [row, 0], [32, 64])
            if i < 2:
                u: pl.Tile[[32, 64], pl.FP32] = pl.exp(t)
                c = pl.store(u, [row, 0], c)
            else:
                v: pl.Tile[[32, 64], pl.FP32] = pl.mul(t, 0.5)
                c = pl.store(v, [row, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        c: pl.InOut[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        c = self.branch_store(a, c)
        return c


@pl.program
class WhileTwoCounters:
    @pl.function(type=pl.FunctionType.InCore)
    def walk(
        self,
        a: pl.Tensor[[128, 32], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 32], pl.FP32]],
    ) -> pl.Tensor[[128, 32], pl.FP32]:
        i: pl.Scalar[pl.INDEX] = 0
        row: pl.Scalar[pl.INDEX] = 0
        while i != 8:
            t: pl.Tile[[16, 32], pl.FP32] = pl.load(a, [row, 0], [16, 32])
            u: pl.Tile[[16, 32], pl.FP32] = pl.add(t, t)
            c = pl.store(u, [row, 0], c)
            row = row + 16
            i = i + 1
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[128, 32], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 32], pl.FP32]],
    ) -> pl.Tensor[[128, 32], pl.FP32]:
        c = self.walk(a, c)
        return c


@pl.program
class IfPhiInLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def phi_loop(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(2):
            row = i * 32
            t: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [row, 0], [32, 64])
            if i == 0:
                r: pl.Tile[[32, 64], pl.FP32] = pl.exp(t)
            else:
                r: pl.Tile[[32, 64], pl.FP32] = pl.add(t, 1.0)
            s: pl.Tile[[32, 64], pl.FP32] = pl.add(r, t)
            c = pl.store(s, [row, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        c = self.phi_loop(a, c)
        return c
