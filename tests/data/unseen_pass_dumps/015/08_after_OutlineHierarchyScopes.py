# pypto.program: TensorSetValidShapeZeroProgram
import pypto.language as pl

@pl.program
class TensorSetValidShapeZeroProgram:
    @pl.function
    def main(self, input_tensor__ssa_v0: pl.Tensor[[64, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            narrowed__ssa_v0: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[48, 56], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(input_tensor__ssa_v0, 48, 56)
            padded__ssa_v0: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.fillpad(narrowed__ssa_v0, pad_value=pl.PadValue.zero)
            output__ssa_v1: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.assemble(output__ssa_v0, padded__ssa_v0, [0, 0])
        return output__ssa_v1
