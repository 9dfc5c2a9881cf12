# pypto.program: TensorBatchMatmulMixedAddBTransProgram
import pypto.language as pl

@pl.program
class TensorBatchMatmulMixedAddBTransProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mixed_add_btrans_nd(a__ssa_v0: pl.Tensor[[2, 16, 64], pl.FP32], b0__ssa_v0: pl.Tensor[[2, 64, 64], pl.FP32], b1__ssa_v0: pl.Tensor[[2, 64, 64], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        b0__tile: pl.Tile[[2, 64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b0__ssa_v0, [0, 0, 0], [2, 64, 64], [2, 64, 64], target_memory=pl.Mem.Vec)
        b1__tile: pl.Tile[[2, 64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b1__ssa_v0, [0, 0, 0], [2, 64, 64], [2, 64, 64], target_memory=pl.Mem.Vec)
        bt__tile: pl.Tile[[2, 64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(b0__tile, b1__tile)
        a__ssa_v0_mat: pl.Tile[[2, 16, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0, 0], [2, 16, 64], [2, 16, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        bt__tile_mat: pl.Tile[[2, 64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.move(bt__tile, target_memory=pl.Mem.Mat)
        bt__tile_mat_t: pl.Tile[[2, 64, 64], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(bt__tile_mat)
        cm__tile: pl.Tile[[2, 16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(a__ssa_v0_mat, bt__tile_mat_t)
        out_c__tile: pl.Tensor[[2, 16, 64], pl.FP32] = pl.tile.store(cm__tile, [0, 0, 0], c__ssa_v0)
        return out_c__tile
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[2, 16, 64], pl.FP32], b0__ssa_v0: pl.Tensor[[2, 64, 64], pl.FP32], b1__ssa_v0: pl.Tensor[[2, 64, 64], pl.FP32], out_c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        out_c__ssa_v1: pl.Tensor[[2, 16, 64], pl.FP32] = self.mixed_add_btrans_nd(a__ssa_v0, b0__ssa_v0, b1__ssa_v0, out_c__ssa_v0)
        return out_c__ssa_v1
