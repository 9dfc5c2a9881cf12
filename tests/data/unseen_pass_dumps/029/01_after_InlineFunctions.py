# pypto.program: ElementwiseAddProgram
import pypto.language as pl

@pl.program
class ElementwiseAddProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        ta: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        tb: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        tc: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(ta, tb)
        c: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(tc, [0, 0], c)
        return c
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        c: pl.Tensor[[64, 64], pl.FP32] = self.kernel(a, b, c)
        return c
