# pypto.program: TensorRsqrtHighPrecisionProgram
import pypto.language as pl

@pl.program
class TensorRsqrtHighPrecisionProgram:
    @pl.function
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            y: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.rsqrt(x, high_precision=True)
            out: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(out, y, [0, 0])
        return out
