# pypto.program: ScatterMaskChainProgram
import pypto.language as pl

@pl.program
class ScatterMaskChainProgram:
    @pl.function
    def main(self, even: pl.Tensor[[16, 32], pl.FP32], odd: pl.Tensor[[16, 32], pl.FP32], dst: pl.Tensor[[16, 64], pl.FP32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.scatter_mask(even, dst, mask_pattern=1)
            out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.scatter_mask(odd, out, mask_pattern=2)
            output: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(output, out, [0, 0])
        return output
