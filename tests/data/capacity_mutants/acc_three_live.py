import pypto.language as pl


@pl.program
class ThreeAcc:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        b: pl.Tensor[[64, 128], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
        c2: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
        c3: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [64, 128], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        acc2 = pl.matmul(a_l0, b_l0)
        acc3 = pl.matmul(a_l0, b_l0)
        out = pl.store(acc, [0, 0], c)
        out2 = pl.store(acc2, [0, 0], c2)
        out3 = pl.store(acc3, [0, 0], c3)
        return out3
