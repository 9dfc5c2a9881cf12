# pypto.program: ForwardAddProgram
import pypto.language as pl

@pl.program
class ForwardAddProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(a__ssa_v0: pl.Tensor[[128, 128], pl.FP32], b__ssa_v0: pl.Tensor[[128, 128], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        tile_a__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        tile_b__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(b__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        t__tmp_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(tile_a__ssa_v0, tile_b__ssa_v0)
        c__store: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(t__tmp_v0, [0, 0], c__ssa_v0)
        return c__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, a__ssa_v0: pl.Tensor[[128, 128], pl.FP32], b__ssa_v0: pl.Tensor[[128, 128], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        c__ssa_v1: pl.Tensor[[128, 128], pl.FP32] = self.main_incore_0(a__ssa_v0, b__ssa_v0, c__ssa_v0)
        return c__ssa_v1
