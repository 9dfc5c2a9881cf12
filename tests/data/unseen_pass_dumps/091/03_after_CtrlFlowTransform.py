# pypto.program: ScatterMaskP1010Program
import pypto.language as pl

@pl.program
class ScatterMaskP1010Program:
    @pl.function
    def main(self, inp: pl.Tensor[[8, 8], pl.FP32], dst: pl.Tensor[[8, 16], pl.FP32], output: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[8, 16], pl.FP32] = pl.tensor.scatter_mask(inp, dst, mask_pattern=2)
            output: pl.Tensor[[8, 16], pl.FP32] = pl.tensor.assemble(output, out, [0, 0])
        return output
