# pypto.program: TensorRsqrtHighPrecisionProgram
import pypto.language as pl

@pl.program
class TensorRsqrtHighPrecisionProgram:
    @pl.function
    def main(self, x__ssa_v0: pl.Tensor[[16, 16], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            y__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.rsqrt(x__ssa_v0, high_precision=True)
            out__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(out__ssa_v0, y__ssa_v0, [0, 0])
        return out__ssa_v1
