# pypto.program: CiAscendStart0Program
import pypto.language as pl

@pl.program
class CiAscendStart0Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(output__ssa_v0: pl.Out[pl.Tensor[[1, 32], pl.INT32]]) -> pl.Tensor[[1, 32], pl.INT32]:
        seq__ssa_v0: pl.Tile[[1, 32], pl.INT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.INT32), [1, 32], dtype=pl.INT32, descending=False)
        out__ssa_v0: pl.Tensor[[1, 32], pl.INT32] = pl.tile.store(seq__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, output__ssa_v0: pl.Out[pl.Tensor[[1, 32], pl.INT32]]) -> pl.Tensor[[1, 32], pl.INT32]:
        output__ssa_v1: pl.Tensor[[1, 32], pl.INT32] = self.kernel(output__ssa_v0)
        return output__ssa_v1
