import pypto.language as pl
M = pl.dynamic("M")


@pl.program
class ForLoopAddProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_add_loop(
        self,
        a: pl.Tensor[[M, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(a,)):
            tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(b, [i * 64, 0], [64, 64])
            acc2 = pl.store(tile_a, [0, 0], acc)
            acc_out = pl.yield_(acc2)
        tile_b: pl.Tile[[64, 64], pl.FP32] = pl.load(acc_out, [0, 0], [64, 64])
        out = pl.store(tile_b, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[M, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        c = self.kernel_add_loop(a, b, c)
        return c
