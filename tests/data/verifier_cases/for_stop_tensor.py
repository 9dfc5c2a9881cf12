import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 16], pl.FP32],
        x: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 16], pl.FP32]],
    ) -> pl.Tensor[[64, 16], pl.FP32]:
        for r in pl.range(0, x, 16):
            t = pl.load(a, [r, 0], [16, 16])
            out = pl.store(t, [r, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[64, 16], pl.FP32],
        x: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 16], pl.FP32]],
    ) -> pl.Tensor[[64, 16], pl.FP32]:
        out = self.kernel(a, x, out)
        return out
