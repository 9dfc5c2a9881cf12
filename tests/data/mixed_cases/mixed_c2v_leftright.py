import pypto.language as pl


@pl.program
class MixedC2VLeftRight:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
    def kernel(
        self,
        a: pl.Tensor[[64, 128], pl.FP32],
        b: pl.Tensor[[128, 64], pl.FP32],
        d: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [64, 128], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        td = pl.load(d, [0, 0], [64, 64])
        s = pl.add(acc, td)
        t = pl.mul(s, td)
        out = pl.store(t, [0, 0], c)
        return out
