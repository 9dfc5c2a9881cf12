import pypto.language as pl


@pl.program
class GrownBias:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        b: pl.Tensor[[16, 512], pl.FP32],
        bias: pl.Tensor[[1, 512], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 512], pl.FP32]],
    ) -> pl.Tensor[[16, 512], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [16, 512], target_memory=pl.MemorySpace.Mat)
        bias_mat = pl.load(bias, [0, 0], [1, 512], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        bias_l0 = pl.move(bias_mat, target_memory=pl.MemorySpace.Bias)
        acc = pl.matmul_bias(a_l0, b_l0, bias_l0)
        out = pl.store(acc, [0, 0], c)
        return out
