import pypto.language as pl


@pl.program
class GrownInitCond:
    @pl.function(type=pl.FunctionType.InCore)
    def split_k(
        self,
        a: pl.Tensor[[128, 256], pl.FP32],
        b: pl.Tensor[[256, 128], pl.FP32],
        c: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
        d: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
        e: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        acc = pl.tile.create([128, 128], pl.FP32, target_memory=pl.MemorySpace.Acc)
        acc2 = pl.tile.create([128, 128], pl.FP32, target_memory=pl.MemorySpace.Acc)
        acc3 = pl.tile.create([128, 128], pl.FP32, target_memory=pl.MemorySpace.Acc)
        for k0 in pl.range(0, 256, 64):
            a_l1 = pl.load(a, offsets=[0, k0], shapes=[128, 64], target_memory=pl.MemorySpace.Mat)
            b_l1 = pl.load(b, offsets=[k0, 0], shapes=[64, 128], target_memory=pl.MemorySpace.Mat)
            a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
            b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
            acc = pl.matmul_acc(acc, a_l0, b_l0, init_cond=(k0 == 0))
            acc2 = pl.matmul_acc(acc2, a_l0, b_l0, init_cond=(k0 == 0))
            acc3 = pl.matmul_acc(acc3, a_l0, b_l0, init_cond=(k0 == 0))
        out_c = pl.store(acc, offsets=[0, 0], output_tensor=c)
        out_d = pl.store(acc2, offsets=[0, 0], output_tensor=d)
        out_e = pl.store(acc3, offsets=[0, 0], output_tensor=e)
        return out_e
