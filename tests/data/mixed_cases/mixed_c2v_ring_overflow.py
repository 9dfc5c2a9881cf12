import pypto.language as pl


@pl.program
class MixedRingOverflow:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        b: pl.Tensor[[64, 256], pl.FP32],
        d: pl.Tensor[[128, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 256], pl.FP32]],
    ) -> pl.Tensor[[128, 256], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [64, 256], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        td = pl.load(d, [0, 0], [128, 256])
        s = pl.add(acc, td)
        out = pl.store(s, [0, 0], c)
        return out
