# pypto.program: TensorBatchMatmulSlicedBTransProgram
import pypto.language as pl

@pl.program
class TensorBatchMatmulSlicedBTransProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def sliced_btrans(a__ssa_v0: pl.Tensor[[2, 16, 80], pl.FP32], wfull__ssa_v0: pl.Tensor[[4, 48, 80], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 48], pl.FP32]]) -> pl.Tensor[[2, 16, 48], pl.FP32]:
        # grouped slice -> [B, N, K]
        w__tile: pl.Tile[[2, 48, 80], pl.FP32, pl.Mem.Mat] = pl.tile.load(wfull__ssa_v0, [1, 0, 0], [2, 48, 80], [2, 48, 80], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        a__ssa_v0_mat: pl.Tile[[2, 16, 80], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0, 0], [2, 16, 80], [2, 16, 80], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        w__tile_t: pl.Tile[[2, 80, 48], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(w__tile)
        cm__tile: pl.Tile[[2, 16, 48], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(a__ssa_v0_mat, w__tile_t)
        out_c__tile: pl.Tensor[[2, 16, 48], pl.FP32] = pl.tile.store(cm__tile, [0, 0, 0], c__ssa_v0)
        return out_c__tile
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[2, 16, 80], pl.FP32], wfull__ssa_v0: pl.Tensor[[4, 48, 80], pl.FP32], out_c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 48], pl.FP32]]) -> pl.Tensor[[2, 16, 48], pl.FP32]:
        out_c__ssa_v1: pl.Tensor[[2, 16, 48], pl.FP32] = self.sliced_btrans(a__ssa_v0, wfull__ssa_v0, out_c__ssa_v0)
        return out_c__ssa_v1
