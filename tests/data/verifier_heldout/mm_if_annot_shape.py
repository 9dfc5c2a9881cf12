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
        acc = pl.tile.create([M, N], pl.FP32, target_memory=pl.MemorySpace.Acc)
        flag = 1
        if flag == 1:
            r: pl.Tile[[M, 32], pl.FP32, pl.Mem.Acc] = pl.yield_(acc)
        else:
            r: pl.Tile[[M, 32], pl.FP32, pl.Mem.Acc] = pl.yield_(acc)
        out_c = pl.store(acc, offsets=[0, 0], output_tensor=c)
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
