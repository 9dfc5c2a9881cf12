# pypto.program: TileCastColMajorNarrowProgram
import pypto.language as pl

@pl.program
class TileCastColMajorNarrowProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a: pl.Tensor[[1, 16], pl.INT32], out: pl.Out[pl.Tensor[[1, 16], pl.INT16]]) -> pl.Tensor[[1, 16], pl.INT16]:
        tile_a: pl.Tile[[1, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [1, 16], [1, 16], target_memory=pl.Mem.Vec)
        col: pl.Tile[[16, 1], pl.INT32, pl.Mem.Vec] = pl.tile.reshape(tile_a, [16, 1])
        narrowed: pl.Tile[[16, 1], pl.INT16, pl.Mem.Vec] = pl.tile.cast(col, target_type=pl.INT16, mode='round')
        row: pl.Tile[[1, 16], pl.INT16, pl.Mem.Vec] = pl.tile.reshape(narrowed, [1, 16])
        out: pl.Tensor[[1, 16], pl.INT16] = pl.tile.store(row, [0, 0], out)
        return out
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a: pl.Tensor[[1, 16], pl.INT32], out: pl.Out[pl.Tensor[[1, 16], pl.INT16]]) -> pl.Tensor[[1, 16], pl.INT16]:
        out: pl.Tensor[[1, 16], pl.INT16] = self.kernel(a, out)
        return out
