# pypto.program: GatherRank2Swap16RowProgram
import pypto.language as pl

@pl.program
class GatherRank2Swap16RowProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(inp__ssa_v0: pl.Tensor[[16, 64], pl.FP32], idx__ssa_v0: pl.Tensor[[16, 64], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.gather(inp__ssa_v0, idx__ssa_v0, dim=-1)
        output__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(output__ssa_v0, out__ssa_v0, [0, 0])
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, inp__ssa_v0: pl.Tensor[[16, 64], pl.FP32], idx__ssa_v0: pl.Tensor[[16, 64], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        output__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.main_incore_0(inp__ssa_v0, idx__ssa_v0, output__ssa_v0)
        return output__ssa_v1
