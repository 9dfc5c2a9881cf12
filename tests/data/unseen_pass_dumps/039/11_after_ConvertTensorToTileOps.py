# pypto.program: TensorMatmulAcc2dBy3dProgram
import pypto.language as pl

@pl.program
class TensorMatmulAcc2dBy3dProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tensor_matmul_acc_2d_by_3d(a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[1, 64, 64], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        a0__tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        a1__tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 32], [16, 32], [16, 32], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        b0__tile: pl.Tile[[1, 64, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0, 0], [1, 64, 32], [1, 64, 32], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        b1__tile: pl.Tile[[1, 64, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0, 32], [1, 64, 32], [1, 64, 32], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        b0__tile_t: pl.Tile[[1, 32, 64], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b0__tile)
        acc__tile: pl.Tile[[1, 16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(a0__tile, b0__tile_t)
        b1__tile_t: pl.Tile[[1, 32, 64], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b1__tile)
        acc_final__tile: pl.Tile[[1, 16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(acc__tile, a1__tile, b1__tile_t)
        c__tile: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tile.store(acc_final__tile, [0, 0, 0], c__ssa_v0)
        return c__tile
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[1, 64, 64], pl.FP32], out_c__ssa_v0: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        out_c__ssa_v1: pl.Tensor[[1, 16, 64], pl.FP32] = self.tensor_matmul_acc_2d_by_3d(a__ssa_v0, b__ssa_v0, out_c__ssa_v0)
        return out_c__ssa_v1
