# pypto.program: ScatterFP16Program
import pypto.language as pl

@pl.program
class ScatterFP16Program:
    @pl.function
    def main(self, base: pl.Tensor[[16, 32], pl.FP16], idx: pl.Tensor[[16, 16], pl.INT16], val: pl.Tensor[[16, 16], pl.FP16], output: pl.Out[pl.Tensor[[16, 32], pl.FP16]]) -> pl.Tensor[[16, 32], pl.FP16]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[16, 32], pl.FP16] = pl.tensor.scatter(base, idx, val, dim=-1)
            output: pl.Tensor[[16, 32], pl.FP16] = pl.tensor.assemble(output, out, [0, 0])
        return output
