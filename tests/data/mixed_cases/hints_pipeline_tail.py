import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[80, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[80, 64], pl.FP32]],
    ) -> pl.Tensor[[80, 64], pl.FP32]:
        for i in pl.pipeline(5, stage=2):
            t = pl.load(a, [i * 16, 0], [16, 64])
            out = pl.store(t, [i * 16, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[80, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[80, 64], pl.FP32]],
    ) -> pl.Tensor[[80, 64], pl.FP32]:
        out = self.kernel(a, out)
        return out
