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
        for (acc, k) in pl.while_(init_values=(a, 0)):
            pl.cond(k < 4)
            acc_out, k_out = pl.yield_(b, k + 1)
        tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(b, [0, 0], [64, 64])
        out = pl.store(tile_a, [0, 0], c)
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
