import pypto.language as pl


@pl.program
class MixedC2VColumnMajor:
    @pl.function(type=pl.FunctionType.InCore)
    def mm_add(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        d: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        td = pl.load(d, [0, 0], [32, 64])
        acc_v = pl.move(acc, target_memory=pl.MemorySpace.Vec)
        s = pl.add(acc_v, td)
        out = pl.store(s, [0, 0], c)
        return out
