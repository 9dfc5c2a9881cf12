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
        for (k0, acc) in pl.while_(init_values=(0, acc0)):
            pl.cond(k0 < K)
            k_out, acc_out = pl.yield_(k0 + KT, acc, acc)
        out_c = pl.store(acc_out, offsets=[0, 0], output_tensor=c)
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
