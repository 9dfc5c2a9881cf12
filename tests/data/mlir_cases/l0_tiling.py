"""AutoTileMatmulL0: matmuls of Mat operands whose K the real chooser splits (the whole
output kept), in two blocks (unrolled whole) and in more, plain and accumulating, two in one
kernel, two in one loop."""

import pypto.language as pl


@pl.program
class KTwoBlocksBf16:
    @pl.function(type=pl.FunctionType.InCore)
    def k_two_bf16(
        self,
        a: pl.Tensor[[16, 128], pl.BF16],
        b: pl.Tensor[[128, 256], pl.BF16],
        c: pl.Out[pl.Tensor[[16, 256], pl.FP32]],
    ) -> pl.Tensor[[16, 256], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(a_mat, b_mat)
        out = pl.store(acc, [0, 0], c)
        return out


@pl.program
class KThreeBlocks:
    @pl.function(type=pl.FunctionType.InCore)
    def k_three(
        self,
        a: pl.Tensor[[64, 384], pl.FP32],
        b: pl.Tensor[[384, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [64, 384], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [384, 64], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(a_mat, b_mat)
        out = pl.store(acc, [0, 0], c)
        return out


@pl.program
class KFourBlocks:
    @pl.function(type=pl.FunctionType.InCore)
    def k_four(
        self,
        a: pl.Tensor[[64, 512], pl.FP32],
        b: pl.Tensor[[512, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [64, 512], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [512, 64], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(a_mat, b_mat)
        out = pl.store(acc, [0, 0], c)
        return out


@pl.program
class KFourBlocksBf16:
    @pl.function(type=pl.FunctionType.InCore)
    def k_four_bf16(
        self,
        a: pl.Tensor[[16, 256], pl.BF16],
        b: pl.Tensor[[256, 256], pl.BF16],
        c: pl.Out[pl.Tensor[[16, 256], pl.FP32]],
    ) -> pl.Tensor[[16, 256], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [16, 256], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [256, 256], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(a_mat, b_mat)
        out = pl.store(acc, [0, 0], c)
        return out


@pl.program
class AccKTwoBlocks:
    @pl.function(type=pl.FunctionType.InCore)
    def acc_k_two(
        self,
        a: pl.Tensor[[64, 256], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        a0 = pl.load(a, [0, 0], [64, 16], target_memory=pl.MemorySpace.Mat)
        b0 = pl.load(b, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a0, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b0, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        a_mat = pl.load(a, [0, 0], [64, 256], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [256, 64], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul_acc(acc, a_mat, b_mat)
        out = pl.store(acc, [0, 0], c)
        return out


@pl.program
class TwoSplits:
    @pl.function(type=pl.FunctionType.InCore)
    def two_splits(
        self,
        a: pl.Tensor[[64, 256], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [64, 256], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [256, 64], target_memory=pl.MemorySpace.Mat)
        first = pl.matmul(a_mat, b_mat)
        second = pl.matmul(a_mat, b_mat)
        c = pl.store(first, [0, 0], c)
        out = pl.store(second, [0, 64], c)
        return out


@pl.program
class TwoSplitsInALoop:
    @pl.function(type=pl.FunctionType.InCore)
    def two_splits_loop(
        self,
        a: pl.Tensor[[64, 256], pl.FP32],
        b: pl.Tensor[[256, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 128], pl.FP32]],
    ) -> pl.Tensor[[256, 128], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [64, 256], target_memory=pl.MemorySpace.Mat)
        for i in pl.range(4):
            b_mat = pl.load(b, [0, i * 64], [256, 64], target_memory=pl.MemorySpace.Mat)
            first = pl.matmul(a_mat, b_mat)
            second = pl.matmul(a_mat, b_mat)
            c = pl.store(first, [i * 64, 0], c)
            c = pl.store(second, [i * 64, 64], c)
        return c


@pl.program
class KManyBlocks:
    @pl.function(type=pl.FunctionType.InCore)
    def k_many(
        self,
        a: pl.Tensor[[64, 128], pl.FP32],
        b: pl.Tensor[[128, 512], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 512], pl.FP32]],
    ) -> pl.Tensor[[64, 512], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [64, 128], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [128, 512], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(a_mat, b_mat)
        out = pl.store(acc, [0, 0], c)
        return out


@pl.program
class TensorTwoInALoop:
    """Tensor-level matmuls, each assembled into the output: the second store of the loop
    body gives back a tensor of the first one's name (a number in the real .pto)."""

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        q: pl.Tensor[[32, 128], pl.BF16],
        k: pl.Tensor[[1024, 128], pl.BF16],
        out: pl.Out[pl.Tensor[[128, 256], pl.FP32]],
    ) -> pl.Tensor[[128, 256], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk_two"):
            q0 = q[0:16, :]
            q1 = q[16:32, :]
            for sb in pl.range(4):
                k0 = k[sb * 256 : sb * 256 + 256, :]
                s0 = pl.matmul(q0, k0, b_trans=True, out_dtype=pl.FP32)
                out = pl.assemble(out, s0, [sb * 16, 0])
                k1 = k[sb * 256 : sb * 256 + 256, :]
                s1 = pl.matmul(q1, k1, b_trans=True, out_dtype=pl.FP32)
                out = pl.assemble(out, s1, [64 + sb * 16, 0])
        return out
