import pypto.language as pl


@pl.program
class AccColumnWindow:
    @pl.function(type=pl.FunctionType.InCore)
    def windows(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        b: pl.Tensor[[64, 32], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        acc = pl.tile.create([32, 64], pl.FP32, target_memory=pl.MemorySpace.Acc)
        a_l1 = pl.load(a, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        win = pl.tile.slice(acc, [32, 32], [0, 32])  # every row, a column window: accepted
        win = pl.matmul_acc(win, a_l0, b_l0)
        out = pl.store(acc, [0, 0], c)
        return out
