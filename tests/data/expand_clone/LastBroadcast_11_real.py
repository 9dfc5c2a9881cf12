# pypto.program: LastBroadcast
import pypto.language as pl

@pl.program
class LastBroadcast:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(x__ssa_v0: pl.Tensor[[4, 8, 1], pl.FP32], y__ssa_v0: pl.Out[pl.Tensor[[4, 8, 16], pl.FP32]]) -> pl.Tensor[[4, 8, 16], pl.FP32]:
        expand_clone_input: pl.Tile[[4, 8, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major)] = pl.tile.load(x__ssa_v0, [0, 0, 0], [4, 8, 1], [4, 8, 1], target_memory=pl.Mem.Vec)
        expand_clone_d2_target: pl.Tile[[4, 8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create([4, 8, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        expand_clone_d2_row: pl.Tile[[4, 8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand(expand_clone_d2_target, expand_clone_input)
        out__tile: pl.Tensor[[4, 8, 16], pl.FP32] = pl.tile.store(expand_clone_d2_row, [0, 0, 0], y__ssa_v0)
        return out__tile
