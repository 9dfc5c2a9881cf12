import pypto.language as pl


@pl.program
class BigMat:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(
        self,
        a: pl.Tensor[[64, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 512], pl.FP32]],
    ) -> pl.Tensor[[64, 512], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [64, 512], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [512, 512], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(a_mat, b_mat)
        out = pl.store(acc, [0, 0], c)
        return out
