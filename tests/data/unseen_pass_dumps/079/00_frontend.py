# pypto.program: GatherRank3MiddleDimProgram
import pypto.language as pl

@pl.program
class GatherRank3MiddleDimProgram:
    @pl.function
    def main(self, inp: pl.Tensor[[2, 8, 8], pl.FP32], idx: pl.Tensor[[2, 3, 8], pl.INT32], output: pl.Out[pl.Tensor[[2, 3, 8], pl.FP32]]) -> pl.Tensor[[2, 3, 8], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[2, 3, 8], pl.FP32] = pl.tensor.gather(inp, idx, dim=1)
            output: pl.Tensor[[2, 3, 8], pl.FP32] = pl.tensor.assemble(output, out, [0, 0, 0])
        return output
