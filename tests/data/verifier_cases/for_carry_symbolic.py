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
            acc2 = pl.store(tile_a, [i * 64, 0], c)
            acc_out = pl.yield_(acc2)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[M, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        c = self.kernel_add_loop(a, b, c)
        return c
