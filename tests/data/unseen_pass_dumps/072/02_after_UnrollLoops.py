# pypto.program: GatherA5INT16IndexProgram
import pypto.language as pl

@pl.program
class GatherA5INT16IndexProgram:
    @pl.function
    def main(self, inp: pl.Tensor[[4, 16], pl.FP16], idx: pl.Tensor[[4, 16], pl.INT16], output: pl.Out[pl.Tensor[[4, 16], pl.FP16]]) -> pl.Tensor[[4, 16], pl.FP16]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[4, 16], pl.FP16] = pl.tensor.gather(inp, idx, dim=-1)
            output: pl.Tensor[[4, 16], pl.FP16] = pl.tensor.assemble(output, out, [0, 0])
        return output
