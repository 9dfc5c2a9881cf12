"""`tile.matmul_acc` with an init condition, in kernels of our own."""

import pypto.language as pl


@pl.program
class InitAfterFirstTwo:
    @pl.function(type=pl.FunctionType.InCore)
    def split_k_lt(
        self,
        a: pl.Tensor[[32, 128], pl.BF16],
        b: pl.Tensor[[128, 64], pl.BF16],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        acc = pl.tile.create([32, 64], pl.FP32, target_memory=pl.MemorySpace.Acc)
        for k0 in pl.range(0, 128, 32):
            a_l1 = pl.load(a, offsets=[0, k0], shapes=[32, 32], target_memory=pl.MemorySpace.Mat)
            b_l1 = pl.load(b, offsets=[k0, 0], shapes=[32, 64], target_memory=pl.MemorySpace.Mat)
            a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
            b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
            acc = pl.matmul_acc(acc, a_l0, b_l0, init_cond=(k0 < 32))
        out_c = pl.store(acc, offsets=[0, 0], output_tensor=c)
        return out_c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 128], pl.BF16],
        b: pl.Tensor[[128, 64], pl.BF16],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        c = self.split_k_lt(a, b, c)
        return c


@pl.program
class InitLiteral:
    @pl.function(type=pl.FunctionType.InCore)
    def init_true(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        b: pl.Tensor[[64, 32], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        acc = pl.tile.create([16, 32], pl.FP32, target_memory=pl.MemorySpace.Acc)
        a_l1 = pl.load(a, offsets=[0, 0], shapes=[16, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, offsets=[0, 0], shapes=[64, 32], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul_acc(acc, a_l0, b_l0, init_cond=True)
        out_c = pl.store(acc, offsets=[0, 0], output_tensor=c)
        return out_c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        b: pl.Tensor[[64, 32], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        c = self.init_true(a, b, c)
        return c
