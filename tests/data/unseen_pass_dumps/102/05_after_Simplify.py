# pypto.program: ExpandCloneProgram
import pypto.language as pl

@pl.program
class ExpandCloneProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def expand_clone_kernel(x__ssa_v0: pl.Tensor[[1, 8, 8], pl.FP32], y__ssa_v0: pl.Out[pl.Tensor[[8, 8, 8], pl.FP32]]) -> pl.Tensor[[8, 8, 8], pl.FP32]:
        out__ssa_v0: pl.Tensor[[8, 8, 8], pl.FP32] = pl.tensor.expand_clone(x__ssa_v0, y__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, x__ssa_v0: pl.Tensor[[1, 8, 8], pl.FP32], y__ssa_v0: pl.Out[pl.Tensor[[8, 8, 8], pl.FP32]]) -> pl.Tensor[[8, 8, 8], pl.FP32]:
        y__ssa_v1: pl.Tensor[[8, 8, 8], pl.FP32] = self.expand_clone_kernel(x__ssa_v0, y__ssa_v0)
        return y__ssa_v1
