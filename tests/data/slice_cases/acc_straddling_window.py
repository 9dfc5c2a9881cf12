import pypto.language as pl


@pl.program
class AccStraddlingWindow:
    @pl.function(type=pl.FunctionType.InCore)
    def windows(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        acc = pl.tile.create([32, 64], pl.FP32, target_memory=pl.MemorySpace.Acc)
        a_l1 = pl.load(a, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, [0, 0], [64, 16], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        win = pl.tile.slice(acc, [16, 16], [16, 8])  # half the rows, across two blocks: refused
        win = pl.matmul_acc(win, a_l0, b_l0)
        out = pl.store(acc, [0, 0], c)
        return out
