import pypto.language as pl
@pl.program
class ForLoopYieldAddProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_add_yield(
        self,
        a: pl.Tensor[[256, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        tile_s: pl.Tile[[64, 64], pl.FP32] = pl.load(b, [0, 0], [64, 64])
        for i, (acc,) in pl.range(tile_s, 4, init_values=(c,)):
            offset_i = i * 64
            tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [offset_i, 0], [64, 64])
            out: pl.Tensor[[256, 64], pl.FP32] = pl.store(tile_a, [offset_i, 0], acc)
            result = pl.yield_(out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[256, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        c = self.kernel_add_yield(a, b, c)
        return c
