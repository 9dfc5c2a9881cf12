# pypto.program: AssembleScalarElementwiseDstEqValidProgram
import pypto.language as pl

@pl.program
class AssembleScalarElementwiseDstEqValidProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(src__ssa_v0: pl.Tensor[[16, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        narrowed__ssa_v0: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(src__ssa_v0, 16, 4)
        incremented__ssa_v0: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.adds(narrowed__ssa_v0, 1.0)
        output__ssa_v1: pl.Tensor[[16, 4], pl.FP32] = pl.tensor.assemble(output__ssa_v0, incremented__ssa_v0, [0, 0])
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[16, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        output__ssa_v1: pl.Tensor[[16, 4], pl.FP32] = self.main_incore_0(src__ssa_v0, output__ssa_v0)
        return output__ssa_v1
