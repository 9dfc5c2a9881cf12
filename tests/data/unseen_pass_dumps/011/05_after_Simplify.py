# pypto.program: AssembleDirectNarrowValidProgram
import pypto.language as pl

@pl.program
class AssembleDirectNarrowValidProgram:
    @pl.function
    def main(self, src__ssa_v0: pl.Tensor[[16, 8], pl.FP32], output__ssa_v0: pl.InOut[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            narrowed__ssa_v0: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(src__ssa_v0, 16, 4)
            output__ssa_v1: pl.Tensor[[64, 32], pl.FP32] = pl.tensor.assemble(output__ssa_v0, narrowed__ssa_v0, [8, 0])
        return output__ssa_v1
