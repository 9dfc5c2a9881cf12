# pypto.program: TensorSubsBf16Program
import pypto.language as pl

@pl.program
class TensorSubsBf16Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(src__ssa_v0: pl.Tensor[[32, 64], pl.BF16], out__ssa_v0: pl.Out[pl.Tensor[[32, 64], pl.BF16]]) -> pl.Tensor[[32, 64], pl.BF16]:
        src__tile: pl.Tile[[32, 64], pl.BF16, pl.Mem.Vec] = pl.tile.load(src__ssa_v0, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        result__tile: pl.Tile[[32, 64], pl.BF16, pl.Mem.Vec] = pl.tile.subs(src__tile, pl.const(1.5, pl.BF16))
        out__tile: pl.Tensor[[32, 64], pl.BF16] = pl.tile.store(result__tile, [0, 0], out__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[32, 64], pl.BF16], out__ssa_v0: pl.Out[pl.Tensor[[32, 64], pl.BF16]]) -> pl.Tensor[[32, 64], pl.BF16]:
        out__ssa_v1: pl.Tensor[[32, 64], pl.BF16] = self.main_incore_0(src__ssa_v0, out__ssa_v0)
        return out__ssa_v1
