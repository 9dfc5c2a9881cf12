import pypto.language as pl
M, K, N, KT = 64, 256, 64, 64


@pl.program
class MatmulAccInitCondProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul_acc_split_k(
        self,
        a: pl.Tensor[[M, K], pl.FP32],
        b: pl.Tensor[[K, N], pl.FP32],
        c: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        acc0 = pl.tile.create([M, N], pl.FP32, target_memory=pl.MemorySpace.Acc)
        for k0, (acc,) in pl.range(0, K, KT, init_values=(acc0,)):
            a_l1 = pl.load(a, offsets=[0, k0], shapes=[M, KT], target_memory=pl.MemorySpace.Mat)
            b_l1 = pl.load(b, offsets=[k0, 0], shapes=[KT, N], target_memory=pl.MemorySpace.Mat)
            a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
            b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
            acc2 = pl.matmul_acc(acc, a_l0, b_l0, init_cond=(k0 == 0))
            part = pl.store(acc2, offsets=[0, 0], output_tensor=c)
            acc_out = pl.yield_(part)
        out_c = pl.store(acc0, offsets=[0, 0], output_tensor=c)
        return out_c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[M, K], pl.FP32],
        b: pl.Tensor[[K, N], pl.FP32],
        out_c: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        out_c = self.matmul_acc_split_k(a, b, out_c)
        return out_c
