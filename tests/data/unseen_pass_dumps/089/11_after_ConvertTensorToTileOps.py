# pypto.program: Scatter1RowProgram
import pypto.language as pl

@pl.program
class Scatter1RowProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(base__ssa_v0: pl.Tensor[[1, 16], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 8], pl.INT32], val__ssa_v0: pl.Tensor[[1, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.FP32]]) -> pl.Tensor[[1, 16], pl.FP32]:
        base__ssa_v0_vec: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(base__ssa_v0, [0, 0], [1, 16], [1, 16], target_memory=pl.Mem.Vec)
        idx__ssa_v0_vec: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx__ssa_v0, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        val__ssa_v0_vec: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(val__ssa_v0, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        scatter_values_zero: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 16], dtype=pl.FP32, value=0.0)
        scatter_values: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.scatter(scatter_values_zero, val__ssa_v0_vec, idx__ssa_v0_vec)
        scatter_mask_zero: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 16], dtype=pl.FP32, value=0.0)
        scatter_ones: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 8], dtype=pl.FP32, value=1.0)
        scatter_mask: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.scatter(scatter_mask_zero, scatter_ones, idx__ssa_v0_vec)
        scatter_pred: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[1, 2])] = pl.tile.cmps(scatter_mask, 0.0, cmp_type=1)
        scatter_sel_tmp: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        out__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sel(scatter_pred, scatter_values, base__ssa_v0_vec, scatter_sel_tmp)
        output__tile: pl.Tensor[[1, 16], pl.FP32] = pl.tile.store(out__tile, [0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, base__ssa_v0: pl.Tensor[[1, 16], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 8], pl.INT32], val__ssa_v0: pl.Tensor[[1, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.FP32]]) -> pl.Tensor[[1, 16], pl.FP32]:
        output__ssa_v1: pl.Tensor[[1, 16], pl.FP32] = self.main_incore_0(base__ssa_v0, idx__ssa_v0, val__ssa_v0, output__ssa_v0)
        return output__ssa_v1
