import pypto.language as pl
M, K, N, KT = 64, 256, 64, 64
MD = pl.dynamic("MD")

@pl.program
class MatmulAccInitCondProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul_acc_split_k(
        self,
        a: pl.Tensor[[MD, K], pl.FP32],
        b: pl.Tensor[[K, N], pl.FP32],
        c: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        acc = pl.tile.create([M, N], pl.FP32, target_memory=pl.MemorySpace.Acc)
        for k0, (src,) in pl.range(0, K, KT, init_values=(a,)):
            src_out = pl.yield_(b)
        out_c = pl.store(acc, offsets=[0, 0], output_tensor=c)
        return out_c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[MD, K], pl.FP32],
        b: pl.Tensor[[K, N], pl.FP32],
        out_c: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        out_c = self.matmul_acc_split_k(a, b, out_c)
        return out_c
