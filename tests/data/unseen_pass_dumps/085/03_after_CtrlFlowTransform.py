# pypto.program: ScatterINT32Program
import pypto.language as pl

@pl.program
class ScatterINT32Program:
    @pl.function
    def main(self, base: pl.Tensor[[8, 16], pl.INT32], idx: pl.Tensor[[8, 8], pl.INT32], val: pl.Tensor[[8, 8], pl.INT32], output: pl.Out[pl.Tensor[[8, 16], pl.INT32]]) -> pl.Tensor[[8, 16], pl.INT32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.scatter(base, idx, val, dim=-1)
            output: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.assemble(output, out, [0, 0])
        return output
