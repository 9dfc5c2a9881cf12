# pypto.program: GatherMaskOutputDtypeProgram
import pypto.language as pl

@pl.program
class GatherMaskOutputDtypeProgram:
    @pl.function
    def main(self, inp: pl.Tensor[[8, 16], pl.FP32], output: pl.Out[pl.Tensor[[8, 8], pl.UINT32]]) -> pl.Tensor[[8, 8], pl.UINT32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[8, 8], pl.UINT32] = pl.tensor.gather_mask(inp, mask_pattern=2, output_dtype=pl.UINT32)
            output: pl.Tensor[[8, 8], pl.UINT32] = pl.tensor.assemble(output, out, [0, 0])
        return output
