# pypto.program: TensorBatchMatmul3dBy3dBTransProgram
import pypto.language as pl

@pl.program
class TensorBatchMatmul3dBy3dBTransProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def batch_matmul_3d_btrans(a__ssa_v0: pl.Tensor[[2, 16, 80], pl.FP32], b__ssa_v0: pl.Tensor[[2, 48, 80], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 48], pl.FP32]]) -> pl.Tensor[[2, 16, 48], pl.FP32]:
        a__ssa_v0_mat: pl.Tile[[2, 16, 80], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0, 0], [2, 16, 80], [2, 16, 80], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        b__ssa_v0_mat: pl.Tile[[2, 48, 80], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0, 0], [2, 48, 80], [2, 48, 80], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        b__ssa_v0_mat_t: pl.Tile[[2, 80, 48], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b__ssa_v0_mat)
        cm__tile: pl.Tile[[2, 16, 48], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(a__ssa_v0_mat, b__ssa_v0_mat_t)
        out_c__tile: pl.Tensor[[2, 16, 48], pl.FP32] = pl.tile.store(cm__tile, [0, 0, 0], c__ssa_v0)
        return out_c__tile
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[2, 16, 80], pl.FP32], b__ssa_v0: pl.Tensor[[2, 48, 80], pl.FP32], out_c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 48], pl.FP32]]) -> pl.Tensor[[2, 16, 48], pl.FP32]:
        out_c__ssa_v1: pl.Tensor[[2, 16, 48], pl.FP32] = self.batch_matmul_3d_btrans(a__ssa_v0, b__ssa_v0, out_c__ssa_v0)
        return out_c__ssa_v1
