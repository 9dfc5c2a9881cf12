# pypto.program: TensorMatmul2dBy3dProgram
import pypto.language as pl

@pl.program
class TensorMatmul2dBy3dProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tensor_matmul_2d_by_3d(a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[1, 64, 64], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        a__ssa_v0_mat: pl.Tile[[16, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        b__ssa_v0_mat: pl.Tile[[1, 64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0, 0], [1, 64, 64], [1, 64, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        b__ssa_v0_mat_t: pl.Tile[[1, 64, 64], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b__ssa_v0_mat)
        matmul_out__tile: pl.Tile[[1, 16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(a__ssa_v0_mat, b__ssa_v0_mat_t)
        c__tile: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tile.store(matmul_out__tile, [0, 0, 0], c__ssa_v0)
        return c__tile
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[1, 64, 64], pl.FP32], out_c__ssa_v0: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        out_c__ssa_v1: pl.Tensor[[1, 16, 64], pl.FP32] = self.tensor_matmul_2d_by_3d(a__ssa_v0, b__ssa_v0, out_c__ssa_v0)
        return out_c__ssa_v1
