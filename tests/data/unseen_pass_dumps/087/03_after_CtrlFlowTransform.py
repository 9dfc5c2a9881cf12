# pypto.program: ScatterBF16Program
import pypto.language as pl

@pl.program
class ScatterBF16Program:
    @pl.function
    def main(self, base: pl.Tensor[[16, 32], pl.BF16], idx: pl.Tensor[[16, 16], pl.INT16], val: pl.Tensor[[16, 16], pl.BF16], output: pl.Out[pl.Tensor[[16, 32], pl.BF16]]) -> pl.Tensor[[16, 32], pl.BF16]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[16, 32], pl.BF16] = pl.tensor.scatter(base, idx, val, dim=-1)
            output: pl.Tensor[[16, 32], pl.BF16] = pl.tensor.assemble(output, out, [0, 0])
        return output
