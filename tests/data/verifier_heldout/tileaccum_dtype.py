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
            offset_i = i * 64
            tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [offset_i, 0], [64, 64])
            new_acc: pl.Tile[[64, 64], pl.FP32] = pl.add(acc, tile_a)
            half = pl.cast(new_acc, pl.BF16)
            result = pl.yield_(half)
        out: pl.Tensor[[64, 64], pl.FP32] = pl.store(tile_init, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        c = self.kernel_tile_accum(a, c)
        return c
