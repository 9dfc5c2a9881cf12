# pypto.program: AssembleDirectNarrowValidProgram
import pypto.language as pl

@pl.program
class AssembleDirectNarrowValidProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(src__ssa_v0: pl.Tensor[[16, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        src__tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(src__ssa_v0, [0, 0], [16, 8], [16, 8], target_memory=pl.Mem.Vec)
        narrowed__tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 4])] = pl.tile.set_validshape(src__tile, 16, 4)
        output__tile: pl.Tensor[[64, 32], pl.FP32] = pl.tile.store(narrowed__tile, [8, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[16, 8], pl.FP32], output__ssa_v0: pl.InOut[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        output__ssa_v1: pl.Tensor[[64, 32], pl.FP32] = self.main_incore_0(src__ssa_v0, output__ssa_v0)
        return output__ssa_v1
