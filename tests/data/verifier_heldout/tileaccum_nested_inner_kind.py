import pypto.language as pl
@pl.program
class ForLoopYieldTileAccumProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_tile_accum(
        self,
        a: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        tile_init: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
        for i, (acc,) in pl.range(1, 4, init_values=(tile_init,)):
            for j, (inner,) in pl.range(2, init_values=(acc,)):
                inner_t = pl.store(inner, [0, 0], c)
                inner_out = pl.yield_(inner_t)
            result = pl.yield_(acc)
        out: pl.Tensor[[64, 64], pl.FP32] = pl.store(result, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        c = self.kernel_tile_accum(a, c)
        return c
