# pypto.program: TensorRowExpandExpdifProg
import pypto.language as pl

@pl.program
class TensorRowExpandExpdifProg:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a__ssa_v0: pl.Tensor[[32, 64], pl.FP32], v__ssa_v0: pl.Tensor[[32, 1], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        result__ssa_v0: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.row_expand_expdif(a__ssa_v0, v__ssa_v0)
        t__tmp_v0: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.assemble(output__ssa_v0, result__ssa_v0, [0, 0])
        return t__tmp_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[32, 64], pl.FP32], v__ssa_v0: pl.Tensor[[32, 1], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        output__ssa_v1: pl.Tensor[[32, 64], pl.FP32] = self.kernel(a__ssa_v0, v__ssa_v0, output__ssa_v0)
        return output__ssa_v1
