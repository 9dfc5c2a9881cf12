# pypto.program: TileScatterUpdateFP16Program
import pypto.language as pl

@pl.program
class TileScatterUpdateFP16Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(input_t__ssa_v0: pl.Tensor[[32, 32], pl.FP16], index_t__ssa_v0: pl.Tensor[[2, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[16, 32], pl.FP16], dst_t__ssa_v0: pl.Out[pl.Tensor[[32, 32], pl.FP16]]) -> pl.Tensor[[32, 32], pl.FP16]:
        input_tile__ssa_v0: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.load(input_t__ssa_v0, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Vec)
        index_tile__ssa_v0: pl.Tile[[2, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(index_t__ssa_v0, [0, 0], [2, 8], [2, 8], target_memory=pl.Mem.Vec)
        src_tile__ssa_v0: pl.Tile[[16, 32], pl.FP16, pl.Mem.Vec] = pl.tile.load(src_t__ssa_v0, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        su_col: pl.Tile[[1, 32], pl.INT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.INT32), [1, 32], dtype=pl.INT32, descending=False)
        su_tmpl: pl.Tile[[16, 32], pl.INT32, pl.Mem.Vec] = pl.tile.full([16, 32], dtype=pl.INT32, value=0)
        su_col_nd: pl.Tile[[16, 32], pl.INT32, pl.Mem.Vec] = pl.tile.col_expand(su_tmpl, su_col)
        su_idx_flat: pl.Tile[[16, 1], pl.INT32, pl.Mem.Vec] = pl.tile.reshape(index_tile__ssa_v0, [16, 1])
        su_row_base: pl.Tile[[16, 1], pl.INT32, pl.Mem.Vec] = pl.tile.muls(su_idx_flat, pl.const(32, pl.INT32))
        su_flat_idx: pl.Tile[[16, 32], pl.INT32, pl.Mem.Vec] = pl.tile.row_expand_add(su_col_nd, su_row_base)
        su_flat_idx_cast: pl.Tile[[16, 32], pl.INT16, pl.Mem.Vec] = pl.tile.cast(su_flat_idx, target_type=pl.INT16, mode='none')
        su_v0: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.full([32, 32], dtype=pl.FP16, value=0.0)
        su_vals: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.scatter(su_v0, src_tile__ssa_v0, su_flat_idx_cast)
        su_m0: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.full([32, 32], dtype=pl.FP16, value=0.0)
        su_ones: pl.Tile[[16, 32], pl.FP16, pl.Mem.Vec] = pl.tile.full([16, 32], dtype=pl.FP16, value=1.0)
        su_mask: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.scatter(su_m0, su_ones, su_flat_idx_cast)
        su_pred: pl.Tile[[32, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[32, 4])] = pl.tile.cmps(su_mask, pl.const(0.0, pl.FP16), cmp_type=1)
        su_tmp: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        result__tile: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.sel(su_pred, su_vals, input_tile__ssa_v0, su_tmp)
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP16] = pl.tile.store(result__tile, [0, 0], dst_t__ssa_v0)
        return dst_t__ssa_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, input_t__ssa_v0: pl.Tensor[[32, 32], pl.FP16], index_t__ssa_v0: pl.Tensor[[2, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[16, 32], pl.FP16], dst_t__ssa_v0: pl.Out[pl.Tensor[[32, 32], pl.FP16]]) -> pl.Tensor[[32, 32], pl.FP16]:
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP16] = self.kernel(input_t__ssa_v0, index_t__ssa_v0, src_t__ssa_v0, dst_t__ssa_v0)
        return dst_t__ssa_v1
