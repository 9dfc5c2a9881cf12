# pypto.program: GemvAccProgram
import pypto.language as pl

@pl.program
class GemvAccProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a: pl.Tensor[[1, 256], pl.FP32], b: pl.Tensor[[256, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        a0: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)] = pl.tile.load(a, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Mat)
        b0: pl.Tile[[128, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [128, 64], [128, 64], target_memory=pl.Mem.Mat, clamp=True)
        acc: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 64])] = pl.tile.gemv(a0, b0, acc_phase='unspecified')
        a1: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)] = pl.tile.load(a, [0, 128], [1, 128], [1, 128], target_memory=pl.Mem.Mat)
        b1: pl.Tile[[128, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [128, 0], [128, 64], [128, 64], target_memory=pl.Mem.Mat, clamp=True)
        acc: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 64])] = pl.tile.gemv_acc(acc, a1, b1, acc_phase='unspecified')
        out: pl.Tensor[[1, 64], pl.FP32] = pl.tile.store(acc, [0, 0], out)
        return out
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a: pl.Tensor[[1, 256], pl.FP32], b: pl.Tensor[[256, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        out: pl.Tensor[[1, 64], pl.FP32] = self.kernel(a, b, out)
        return out
