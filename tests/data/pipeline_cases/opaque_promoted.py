import pypto.language as pl


@pl.program
class P:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        b = pl.add(a, a)
        with pl.at(level=pl.Level.CORE_GROUP):
            c = pl.assemble(c, pl.exp(b), [0, 0])
        return c
