# pypto.program: Scatter1RowProgram
import pypto.language as pl

@pl.program
class Scatter1RowProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(base__ssa_v0: pl.Tensor[[1, 16], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 8], pl.INT32], val__ssa_v0: pl.Tensor[[1, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.FP32]]) -> pl.Tensor[[1, 16], pl.FP32]:
        out__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.scatter(base__ssa_v0, idx__ssa_v0, val__ssa_v0, dim=-1)
        output__ssa_v1: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.assemble(output__ssa_v0, out__ssa_v0, [0, 0])
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, base__ssa_v0: pl.Tensor[[1, 16], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 8], pl.INT32], val__ssa_v0: pl.Tensor[[1, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.FP32]]) -> pl.Tensor[[1, 16], pl.FP32]:
        output__ssa_v1: pl.Tensor[[1, 16], pl.FP32] = self.main_incore_0(base__ssa_v0, idx__ssa_v0, val__ssa_v0, output__ssa_v0)
        return output__ssa_v1
