# pypto.program: TileCastColMajorNarrowProgram
import pypto.language as pl

@pl.program
class TileCastColMajorNarrowProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a__ssa_v0: pl.Tensor[[1, 16], pl.INT32], out__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.INT16]]) -> pl.Tensor[[1, 16], pl.INT16]:
        tile_a__ssa_v0: pl.Tile[[1, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [1, 16], [1, 16], target_memory=pl.Mem.Vec)
        col__ssa_v0: pl.Tile[[16, 1], pl.INT32, pl.Mem.Vec] = pl.tile.reshape(tile_a__ssa_v0, [16, 1])
        narrowed__ssa_v0: pl.Tile[[16, 1], pl.INT16, pl.Mem.Vec] = pl.tile.cast(col__ssa_v0, target_type=pl.INT16, mode='round')
        row__ssa_v0: pl.Tile[[1, 16], pl.INT16, pl.Mem.Vec] = pl.tile.reshape(narrowed__ssa_v0, [1, 16])
        out__ssa_v1: pl.Tensor[[1, 16], pl.INT16] = pl.tile.store(row__ssa_v0, [0, 0], out__ssa_v0)
        return out__ssa_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[1, 16], pl.INT32], out__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.INT16]]) -> pl.Tensor[[1, 16], pl.INT16]:
        out__ssa_v1: pl.Tensor[[1, 16], pl.INT16] = self.kernel(a__ssa_v0, out__ssa_v0)
        return out__ssa_v1
