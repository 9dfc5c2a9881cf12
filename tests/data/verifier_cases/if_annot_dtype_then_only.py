import pypto.language as pl


@pl.program
class ForLoopAddProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_add_loop(
        self,
        a: pl.Tensor[[256, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
        n = 3
        if n > 2:
            t = pl.add(tile_a, tile_a)
            r: pl.Tile[[64, 64], pl.FP16] = pl.yield_(t)
        else:
            t2 = pl.mul(tile_a, tile_a)
            r = pl.yield_(t2)
        out = pl.store(r, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[256, 64], pl.FP32],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        c = self.kernel_add_loop(a, b, c)
        return c
