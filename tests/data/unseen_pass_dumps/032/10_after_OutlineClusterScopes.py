# pypto.program: Sort32FP32Program
import pypto.language as pl

@pl.program
class Sort32FP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def sort32_kernel(src_tensor__ssa_v0: pl.Tensor[[8, 32], pl.FP32], idx_tensor__ssa_v0: pl.Tensor[[8, 32], pl.UINT32], output__ssa_v0: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
        src_tile__ssa_v0: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_tensor__ssa_v0, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        idx_tile__ssa_v0: pl.Tile[[8, 32], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx_tensor__ssa_v0, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        sorted_tile__ssa_v0: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(src_tile__ssa_v0, idx_tile__ssa_v0)
        out__ssa_v0: pl.Tensor[[8, 64], pl.FP32] = pl.tile.store(sorted_tile__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, src_tensor__ssa_v0: pl.Tensor[[8, 32], pl.FP32], idx_tensor__ssa_v0: pl.Tensor[[8, 32], pl.UINT32], output__ssa_v0: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
        output__ssa_v1: pl.Tensor[[8, 64], pl.FP32] = self.sort32_kernel(src_tensor__ssa_v0, idx_tensor__ssa_v0, output__ssa_v0)
        return output__ssa_v1
