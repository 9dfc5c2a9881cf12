import pypto.language as pl


@pl.program
class GrownMat:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(
        self,
        a: pl.Tensor[[64, 1024], pl.FP32],
        b: pl.Tensor[[1024, 128], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [64, 1024], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [1024, 128], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(a_mat, b_mat)
        out = pl.store(acc, [0, 0], c)
        return out
