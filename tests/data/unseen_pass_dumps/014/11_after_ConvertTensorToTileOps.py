# pypto.program: AssembleBinaryElementwiseDstEqValidProgram
import pypto.language as pl

@pl.program
class AssembleBinaryElementwiseDstEqValidProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(lhs__ssa_v0: pl.Tensor[[16, 8], pl.FP32], rhs__ssa_v0: pl.Tensor[[16, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        lhs__tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(lhs__ssa_v0, [0, 0], [16, 8], [16, 8], target_memory=pl.Mem.Vec)
        rhs__tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(rhs__ssa_v0, [0, 0], [16, 8], [16, 8], target_memory=pl.Mem.Vec)
        lhs_narrow__tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 4])] = pl.tile.set_validshape(lhs__tile, 16, 4)
        rhs_narrow__tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 4])] = pl.tile.set_validshape(rhs__tile, 16, 4)
        summed__tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 4])] = pl.tile.add(lhs_narrow__tile, rhs_narrow__tile)
        output__tile: pl.Tensor[[16, 4], pl.FP32] = pl.tile.store(summed__tile, [0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, lhs__ssa_v0: pl.Tensor[[16, 8], pl.FP32], rhs__ssa_v0: pl.Tensor[[16, 8], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        output__ssa_v1: pl.Tensor[[16, 4], pl.FP32] = self.main_incore_0(lhs__ssa_v0, rhs__ssa_v0, output__ssa_v0)
        return output__ssa_v1
