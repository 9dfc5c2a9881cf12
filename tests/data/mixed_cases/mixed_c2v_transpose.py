import pypto.language as pl


@pl.program
class MixedC2VTranspose:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        b: pl.Tensor[[64, 32], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
    ) -> pl.Tensor[[32, 32], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(a_mat, b_mat)
        shifted = pl.add(acc, 1.0)
        flipped = pl.transpose(shifted, 0, 1)
        out = pl.store(flipped, [0, 0], c)
        return out
