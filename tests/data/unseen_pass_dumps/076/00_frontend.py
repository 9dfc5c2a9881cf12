# pypto.program: GatherRank2Swap16RowProgram
import pypto.language as pl

@pl.program
class GatherRank2Swap16RowProgram:
    @pl.function
    def main(self, inp: pl.Tensor[[16, 64], pl.FP32], idx: pl.Tensor[[16, 64], pl.INT32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.gather(inp, idx, dim=-1)
            output: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(output, out, [0, 0])
        return output
