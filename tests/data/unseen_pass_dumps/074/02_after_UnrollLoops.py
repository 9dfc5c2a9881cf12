# pypto.program: GatherRank2ExpandProgram
import pypto.language as pl

@pl.program
class GatherRank2ExpandProgram:
    @pl.function
    def main(self, inp: pl.Tensor[[4, 32], pl.FP32], idx: pl.Tensor[[4, 64], pl.INT32], output: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[4, 64], pl.FP32] = pl.tensor.gather(inp, idx, dim=-1)
            output: pl.Tensor[[4, 64], pl.FP32] = pl.tensor.assemble(output, out, [0, 0])
        return output
