import pypto.language as pl


@pl.program
class GrownAccLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def split_k(
        self,
        a: pl.Tensor[[128, 256], pl.BF16],
        b: pl.Tensor[[256, 256], pl.BF16],
        c: pl.Out[pl.Tensor[[128, 256], pl.FP32]],
        d: pl.Out[pl.Tensor[[128, 256], pl.FP32]],
    ) -> pl.Tensor[[128, 256], pl.FP32]:
        a_l1 = pl.load(a, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, [0, 0], [64, 256], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_l0, b_l0)
        acc2 = pl.matmul(a_l0, b_l0)
        out = pl.store(acc, [0, 0], c)
        out2 = pl.store(acc2, [0, 0], d)
        return out2
