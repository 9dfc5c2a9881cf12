# pypto.program: MNBoundaryPeelProgram
import pypto.language as pl

@pl.program
class MNBoundaryPeelProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def matmul(a__ssa_v0: pl.Tensor[[272, 32], pl.BF16], b__ssa_v0: pl.Tensor[[32, 416], pl.BF16], c__ssa_v0: pl.Out[pl.Tensor[[272, 416], pl.FP32]]) -> pl.Tensor[[272, 416], pl.FP32]:
        tile_a__ssa_v0: pl.Tile[[272, 32], pl.BF16, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [272, 32], [272, 32], target_memory=pl.Mem.Mat)
        tile_b__ssa_v0: pl.Tile[[32, 416], pl.BF16, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], [32, 416], [32, 416], target_memory=pl.Mem.Mat)
        return pl.tile.store(pl.tile.matmul(tile_a__ssa_v0, tile_b__ssa_v0), [0, 0], c__ssa_v0)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[272, 32], pl.BF16], b__ssa_v0: pl.Tensor[[32, 416], pl.BF16], out_c__ssa_v0: pl.Out[pl.Tensor[[272, 416], pl.FP32]]) -> pl.Tensor[[272, 416], pl.FP32]:
        return self.matmul(a__ssa_v0, b__ssa_v0, out_c__ssa_v0)
