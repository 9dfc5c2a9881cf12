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
        i: pl.Scalar[pl.INDEX] = 0
        for r in pl.range(b):
            offset_i = r * 64
            tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [offset_i, 0], [64, 64])
            out: pl.Tensor[[256, 64], pl.FP32] = pl.store(tile_a, [offset_i, 0], c)
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
