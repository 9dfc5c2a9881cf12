# pypto.program: AssembleBinaryElementwiseDstEqValidProgram
import pypto.language as pl

@pl.program
class AssembleBinaryElementwiseDstEqValidProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(lhs__ssa_v0: pl.Tensor[[16, 8], pl.FP32], rhs__ssa_v0: pl.Tensor[[16, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        lhs_narrow__ssa_v0: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(lhs__ssa_v0, 16, 4)
        rhs_narrow__ssa_v0: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(rhs__ssa_v0, 16, 4)
        summed__ssa_v0: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[16, 4], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.add(lhs_narrow__ssa_v0, rhs_narrow__ssa_v0)
        output__ssa_v1: pl.Tensor[[16, 4], pl.FP32] = pl.tensor.assemble(output__ssa_v0, summed__ssa_v0, [0, 0])
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, lhs__ssa_v0: pl.Tensor[[16, 8], pl.FP32], rhs__ssa_v0: pl.Tensor[[16, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        output__ssa_v1: pl.Tensor[[16, 4], pl.FP32] = self.main_incore_0(lhs__ssa_v0, rhs__ssa_v0, output__ssa_v0)
        return output__ssa_v1
