import pypto.language as pl


@pl.program
class TwoRight:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(
        self,
        a: pl.Tensor[[64, 192], pl.FP32],
        b: pl.Tensor[[192, 64], pl.FP32],
        b2: pl.Tensor[[192, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        c2: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [64, 192], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [192, 64], target_memory=pl.MemorySpace.Mat)
        b2_mat = pl.load(b2, [0, 0], [192, 64], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        b2_l0 = pl.move(b2_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        acc2 = pl.matmul(a_l0, b2_l0)
        out = pl.store(acc, [0, 0], c)
        out2 = pl.store(acc2, [0, 0], c2)
        return out2
