# pypto.program: TwoL2AddSubProgram
import pypto.language as pl

@pl.program
class TwoL2AddSubProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tile_add(a__ssa_v0: pl.Tensor[[128, 128], pl.FP32], b__ssa_v0: pl.Tensor[[128, 128], pl.FP32], f__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        ta__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        tb__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(b__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        tf__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(ta__ssa_v0, tb__ssa_v0)
        t__tmp_v0: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(tf__ssa_v0, [0, 0], f__ssa_v0)
        return t__tmp_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def chip_orch_add(self, a__ssa_v0: pl.Tensor[[128, 128], pl.FP32], b__ssa_v0: pl.Tensor[[128, 128], pl.FP32], f__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t__tmp_v0: pl.Tensor[[128, 128], pl.FP32] = self.tile_add(a__ssa_v0, b__ssa_v0, f__ssa_v0)
        return t__tmp_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tile_sub(a__ssa_v0: pl.Tensor[[128, 128], pl.FP32], b__ssa_v0: pl.Tensor[[128, 128], pl.FP32], f__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        ta__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        tb__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(b__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        tf__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.sub(ta__ssa_v0, tb__ssa_v0)
        t__tmp_v0: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(tf__ssa_v0, [0, 0], f__ssa_v0)
        return t__tmp_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def chip_orch_sub(self, a__ssa_v0: pl.Tensor[[128, 128], pl.FP32], b__ssa_v0: pl.Tensor[[128, 128], pl.FP32], f__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t__tmp_v0: pl.Tensor[[128, 128], pl.FP32] = self.tile_sub(a__ssa_v0, b__ssa_v0, f__ssa_v0)
        return t__tmp_v0
