# pypto.program: GemvAccProgram
import pypto.language as pl

@pl.program
class GemvAccProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a__ssa_v0: pl.Tensor[[1, 256], pl.FP32], b__ssa_v0: pl.Tensor[[256, 64], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        a0__ssa_v0: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)] = pl.tile.load(a__ssa_v0, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Mat)
        b0__ssa_v0: pl.Tile[[128, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], [128, 64], [128, 64], target_memory=pl.Mem.Mat, clamp=True)
        acc__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 64])] = pl.tile.gemv(a0__ssa_v0, b0__ssa_v0, acc_phase='unspecified')
        a1__ssa_v0: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)] = pl.tile.load(a__ssa_v0, [0, 128], [1, 128], [1, 128], target_memory=pl.Mem.Mat)
        b1__ssa_v0: pl.Tile[[128, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [128, 0], [128, 64], [128, 64], target_memory=pl.Mem.Mat, clamp=True)
        acc__ssa_v1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 64])] = pl.tile.gemv_acc(acc__ssa_v0, a1__ssa_v0, b1__ssa_v0, acc_phase='unspecified')
        out__ssa_v1: pl.Tensor[[1, 64], pl.FP32] = pl.tile.store(acc__ssa_v1, [0, 0], out__ssa_v0)
        return out__ssa_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[1, 256], pl.FP32], b__ssa_v0: pl.Tensor[[256, 64], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        out__ssa_v1: pl.Tensor[[1, 64], pl.FP32] = self.kernel(a__ssa_v0, b__ssa_v0, out__ssa_v0)
        return out__ssa_v1
