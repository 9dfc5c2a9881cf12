# pypto.program: AssembleBinaryElementwiseDstEqValidProgram
import pypto.language as pl

@pl.program
class AssembleBinaryElementwiseDstEqValidProgram:
    @pl.function
    def main(self, lhs: pl.Tensor[[16, 8], pl.FP32], rhs: pl.Tensor[[16, 8], pl.FP32], output: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            lhs_narrow: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(lhs, 16, 4)
            rhs_narrow: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(rhs, 16, 4)
            summed: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.add(lhs_narrow, rhs_narrow)
            output: pl.Tensor[[16, 4], pl.FP32] = pl.tensor.assemble(output, summed, [0, 0])
        return output
