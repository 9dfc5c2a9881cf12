import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        tile_a = pl.load(a, [0, 0], [16, 16])
        n = 3
        if n > 2:
            t = pl.add(tile_a, tile_a)
            r = pl.yield_(t)
        else:
            t2 = pl.mul(tile_a, tile_a)
            r = pl.yield_(t2)
        out = pl.store(r, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        out = self.kernel(a, out)
        return out
