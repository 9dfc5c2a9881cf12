# pypto.program: Nested
import pypto.language as pl

@pl.program
class Nested:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def inner(a__ssa_v0: pl.Tensor[[128, 64], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        t__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        out__ssa_v1: pl.Tensor[[128, 64], pl.FP32] = pl.tile.store(t__ssa_v0, [0, 0], out__ssa_v0)
        out__store: pl.Tensor[[128, 64], pl.FP32] = out__ssa_v1
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def outer(a__ssa_v0: pl.Tensor[[128, 64], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        out__ssa_v2: pl.Tensor[[128, 64], pl.FP32] = self.inner(a__ssa_v0, out__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, a__ssa_v0: pl.Tensor[[128, 64], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        out__ssa_v2: pl.Tensor[[128, 64], pl.FP32] = self.outer(a__ssa_v0, out__ssa_v0)
        return out__ssa_v2
