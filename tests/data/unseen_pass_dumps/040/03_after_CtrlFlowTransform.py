# pypto.program: TransposeSliceRepro
import pypto.language as pl

@pl.program
class TransposeSliceRepro:
    @pl.function
    def main(self, x: pl.Tensor[[8, 16], pl.FP32], out: pl.Out[pl.Tensor[[8, 4], pl.FP32]]):
        xt: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(stride=[1, 16], layout=pl.TensorLayout.DN)] = pl.tensor.transpose(x, 0, 1)
        for h in pl.range(4):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="slice_transposed_row"):
                col: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(xt, [1, 8], [h, 0]), [8, 1])
                out: pl.Tensor[[8, 4], pl.FP32] = pl.tensor.assemble(out, col, [0, h])
        return out
