# pypto.program: AssembleDirectNarrowValidProgram
import pypto.language as pl

@pl.program
class AssembleDirectNarrowValidProgram:
    @pl.function
    def main(self, src: pl.Tensor[[16, 8], pl.FP32], output: pl.InOut[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            narrowed: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(src, 16, 4)
            output: pl.Tensor[[64, 32], pl.FP32] = pl.tensor.assemble(output, narrowed, [8, 0])
        return output
