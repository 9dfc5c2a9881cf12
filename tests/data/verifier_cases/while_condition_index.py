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
        for (acc, k) in pl.while_(init_values=(tile_a, 0)):
            pl.cond(4 - k)
            acc_next = pl.add(acc, tile_a)
            k_next = k + 1
            acc_out, k_out = pl.yield_(acc_next, k_next)
        out = pl.store(acc_out, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        out = self.kernel(a, out)
        return out
