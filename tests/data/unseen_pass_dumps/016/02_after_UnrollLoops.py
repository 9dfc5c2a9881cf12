# pypto.program: TensorSetValidShapeMaxProgram
import pypto.language as pl

@pl.program
class TensorSetValidShapeMaxProgram:
    @pl.function
    def main(self, input_tensor: pl.Tensor[[64, 64], pl.FP32], output: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            narrowed: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[48, 56], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(input_tensor, 48, 56)
            padded: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.fillpad(narrowed, pad_value=pl.PadValue.max)
            output: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.assemble(output, padded, [0, 0])
        return output
