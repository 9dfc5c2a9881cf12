import pypto.language as pl
@pl.program
class WhileLoopAddProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_while_add(
        self,
        a: pl.Tensor[[256, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        tile_0: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
        for (i, acc) in pl.while_(init_values=(0, tile_0)):
            pl.cond(i < 4)
            offset_i = i * 64
            tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [offset_i, 0], [64, 64])
            tile_c: pl.Tile[[64, 64], pl.FP32] = pl.add(acc, tile_a)
            i_out, acc_out = pl.yield_(tile_c, i + 1)
        out: pl.Tensor[[256, 64], pl.FP32] = pl.store(acc_out, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[256, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        c = self.kernel_while_add(a, b, c)
        return c
