import pypto.language as pl
SEQ = pl.dynamic("SEQ")

@pl.program
class WhileLoopAddProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_while_add(
        self,
        a: pl.Tensor[[SEQ, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        for (i, acc) in pl.while_(init_values=(0, a)):
            pl.cond(i < 4)
            offset_i = i * 64
            tile_b: pl.Tile[[64, 64], pl.FP32] = pl.load(b, [offset_i, 0], [64, 64])
            nxt: pl.Tensor[[256, 64], pl.FP32] = pl.store(tile_b, [offset_i, 0], c)
            i_out, acc_out = pl.yield_(i + 1, nxt)
        out: pl.Tensor[[256, 64], pl.FP32] = pl.store(tile_b, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[SEQ, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        c = self.kernel_while_add(a, b, c)
        return c
