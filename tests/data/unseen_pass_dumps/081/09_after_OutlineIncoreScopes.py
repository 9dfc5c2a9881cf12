# pypto.program: GatherTileInputSourceUnchangedProgram
import pypto.language as pl

@pl.program
class GatherTileInputSourceUnchangedProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(src__ssa_v0: pl.Tensor[[16, 64], pl.FP32], idx__ssa_v0: pl.Tensor[[16, 8], pl.INT32], gathered__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.FP32]], src_echo__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        local__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        local__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(local__ssa_v0, src__ssa_v0, [0, 0])
        g__ssa_v0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.gather(local__ssa_v1, idx__ssa_v0, dim=-1)
        gathered__ssa_v1: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(gathered__ssa_v0, g__ssa_v0, [0, 0])
        src_echo__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(src_echo__ssa_v0, local__ssa_v1, [0, 0])
        return gathered__ssa_v0, src_echo__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[16, 64], pl.FP32], idx__ssa_v0: pl.Tensor[[16, 8], pl.INT32], src_echo__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]], gathered__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 8], pl.FP32]]:
        ret__tmp_v0: pl.Tuple[pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 64], pl.FP32]] = self.main_incore_0(src__ssa_v0, idx__ssa_v0, gathered__ssa_v0, src_echo__ssa_v0)
        gathered__ssa_v1: pl.Tensor[[16, 8], pl.FP32] = ret__tmp_v0[0]
        src_echo__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = ret__tmp_v0[1]
        return src_echo__ssa_v1, gathered__ssa_v1
