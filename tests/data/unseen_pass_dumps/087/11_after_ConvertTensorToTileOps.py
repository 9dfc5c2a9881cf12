# pypto.program: ScatterBF16Program
import pypto.language as pl

@pl.program
class ScatterBF16Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(base__ssa_v0: pl.Tensor[[16, 32], pl.BF16], idx__ssa_v0: pl.Tensor[[16, 16], pl.INT16], val__ssa_v0: pl.Tensor[[16, 16], pl.BF16], output__ssa_v0: pl.Out[pl.Tensor[[16, 32], pl.BF16]]) -> pl.Tensor[[16, 32], pl.BF16]:
        base__ssa_v0_vec: pl.Tile[[16, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(base__ssa_v0, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        idx__ssa_v0_vec: pl.Tile[[16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.load(idx__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        val__ssa_v0_vec: pl.Tile[[16, 16], pl.BF16, pl.Mem.Vec] = pl.tile.load(val__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        scatter_ci_rows: pl.Tile[[1, 16], pl.INT16, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.INT16), [1, 16], dtype=pl.INT16, descending=False)
        scatter_row_arange: pl.Tile[[16, 1], pl.INT16, pl.Mem.Vec] = pl.tile.reshape(scatter_ci_rows, [16, 1])
        scatter_row_base: pl.Tile[[16, 1], pl.INT16, pl.Mem.Vec] = pl.tile.muls(scatter_row_arange, pl.const(32, pl.INT16))
        scatter_flat_idx: pl.Tile[[16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.row_expand_add(idx__ssa_v0_vec, scatter_row_base)
        scatter_values_zero: pl.Tile[[16, 32], pl.BF16, pl.Mem.Vec] = pl.tile.full([16, 32], dtype=pl.BF16, value=0.0)
        scatter_values: pl.Tile[[16, 32], pl.BF16, pl.Mem.Vec] = pl.tile.scatter(scatter_values_zero, val__ssa_v0_vec, scatter_flat_idx)
        scatter_mask_zero: pl.Tile[[16, 32], pl.FP16, pl.Mem.Vec] = pl.tile.full([16, 32], dtype=pl.FP16, value=0.0)
        scatter_ones: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP16, value=1.0)
        scatter_mask: pl.Tile[[16, 32], pl.FP16, pl.Mem.Vec] = pl.tile.scatter(scatter_mask_zero, scatter_ones, scatter_flat_idx)
        scatter_pred: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 4])] = pl.tile.cmps(scatter_mask, pl.const(0.0, pl.FP16), cmp_type=1)
        scatter_sel_tmp: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        out__tile: pl.Tile[[16, 32], pl.BF16, pl.Mem.Vec] = pl.tile.sel(scatter_pred, scatter_values, base__ssa_v0_vec, scatter_sel_tmp)
        output__tile: pl.Tensor[[16, 32], pl.BF16] = pl.tile.store(out__tile, [0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, base__ssa_v0: pl.Tensor[[16, 32], pl.BF16], idx__ssa_v0: pl.Tensor[[16, 16], pl.INT16], val__ssa_v0: pl.Tensor[[16, 16], pl.BF16], output__ssa_v0: pl.Out[pl.Tensor[[16, 32], pl.BF16]]) -> pl.Tensor[[16, 32], pl.BF16]:
        output__ssa_v1: pl.Tensor[[16, 32], pl.BF16] = self.main_incore_0(base__ssa_v0, idx__ssa_v0, val__ssa_v0, output__ssa_v0)
        return output__ssa_v1
