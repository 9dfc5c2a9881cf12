# pypto.program: AssembleScalarElementwiseDstEqValidProgram
import pypto.language as pl

@pl.program
class AssembleScalarElementwiseDstEqValidProgram:
    @pl.function
    def main(self, src: pl.Tensor[[16, 8], pl.FP32], output: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            narrowed: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(src, 16, 4)
            incremented: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.adds(narrowed, 1.0)
            output: pl.Tensor[[16, 4], pl.FP32] = pl.tensor.assemble(output, incremented, [0, 0])
        return output
