import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[32, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        tile_a = pl.load(a, [0, 0], [16, 16])
        tile_b = pl.load(a, [0, 0], [32, 16])
        for i, (acc,) in pl.range(4, init_values=(tile_a,)):
            acc_out = pl.yield_(tile_b)
        out = pl.store(tile_a, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[32, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        out = self.kernel(a, out)
        return out
