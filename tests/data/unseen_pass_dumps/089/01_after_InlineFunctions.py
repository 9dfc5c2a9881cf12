# pypto.program: Scatter1RowProgram
import pypto.language as pl

@pl.program
class Scatter1RowProgram:
    @pl.function
    def main(self, base: pl.Tensor[[1, 16], pl.FP32], idx: pl.Tensor[[1, 8], pl.INT32], val: pl.Tensor[[1, 8], pl.FP32], output: pl.Out[pl.Tensor[[1, 16], pl.FP32]]) -> pl.Tensor[[1, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.scatter(base, idx, val, dim=-1)
            output: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.assemble(output, out, [0, 0])
        return output
