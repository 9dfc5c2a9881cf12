# pypto.program: L3AddProgram
import pypto.language as pl

@pl.program
class L3AddProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tile_add(a__ssa_v0: pl.Tensor[[128, 128], pl.FP32], b__ssa_v0: pl.Tensor[[128, 128], pl.FP32], f__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        tile_a__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        tile_b__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(b__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        tile_f__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(tile_a__ssa_v0, tile_b__ssa_v0)
        return pl.tile.store(tile_f__ssa_v0, [0, 0], f__ssa_v0)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def chip_orch(self, a__ssa_v0: pl.Tensor[[128, 128], pl.FP32], b__ssa_v0: pl.Tensor[[128, 128], pl.FP32], f__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        out_f__ssa_v0: pl.Tensor[[128, 128], pl.FP32] = self.tile_add(a__ssa_v0, b__ssa_v0, f__ssa_v0)
        return out_f__ssa_v0
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, a__ssa_v0: pl.Tensor[[128, 128], pl.FP32], b__ssa_v0: pl.Tensor[[128, 128], pl.FP32], f__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        out_f__ssa_v0: pl.Tensor[[128, 128], pl.FP32] = self.chip_orch(a__ssa_v0, b__ssa_v0, f__ssa_v0)
        return out_f__ssa_v0
