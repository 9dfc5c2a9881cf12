# pypto.program: TensorColExpandExpdifProg
import pypto.language as pl

@pl.program
class TensorColExpandExpdifProg:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a__ssa_v0: pl.Tensor[[32, 64], pl.FP32], v__ssa_v0: pl.Tensor[[1, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        a__tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        v__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(v__ssa_v0, [0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
        result__tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_expdif(a__tile, v__tile)
        t__tile: pl.Tensor[[32, 64], pl.FP32] = pl.tile.store(result__tile, [0, 0], output__ssa_v0)
        return t__tile
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[32, 64], pl.FP32], v__ssa_v0: pl.Tensor[[1, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        output__ssa_v1: pl.Tensor[[32, 64], pl.FP32] = self.kernel(a__ssa_v0, v__ssa_v0, output__ssa_v0)
        return output__ssa_v1
