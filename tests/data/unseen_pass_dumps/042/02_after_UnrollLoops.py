# pypto.program: MNBoundaryPeelProgram
import pypto.language as pl

@pl.program
class MNBoundaryPeelProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def matmul(a: pl.Tensor[[272, 32], pl.BF16], b: pl.Tensor[[32, 416], pl.BF16], c: pl.Out[pl.Tensor[[272, 416], pl.FP32]]) -> pl.Tensor[[272, 416], pl.FP32]:
        tile_a: pl.Tile[[272, 32], pl.BF16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [272, 32], [272, 32], target_memory=pl.Mem.Mat)
        tile_b: pl.Tile[[32, 416], pl.BF16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [32, 416], [32, 416], target_memory=pl.Mem.Mat)
        return pl.tile.store(pl.tile.matmul(tile_a, tile_b), [0, 0], c)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a: pl.Tensor[[272, 32], pl.BF16], b: pl.Tensor[[32, 416], pl.BF16], out_c: pl.Out[pl.Tensor[[272, 416], pl.FP32]]) -> pl.Tensor[[272, 416], pl.FP32]:
        return self.matmul(a, b, out_c)
