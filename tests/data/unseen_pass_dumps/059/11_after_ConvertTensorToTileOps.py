# pypto.program: TensorColArgmaxProgram
import pypto.language as pl

@pl.program
class TensorColArgmaxProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a__ssa_v0: pl.Tensor[[32, 64], pl.FP32], out__ssa_v0: pl.InOut[pl.Tensor[[1, 64], pl.INT32]]) -> pl.Tensor[[1, 64], pl.INT32]:
        a__tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        tmp_tile: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        r__tile: pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec] = pl.tile.col_argmax(a__tile, tmp_tile)
        t__tile: pl.Tensor[[1, 64], pl.INT32] = pl.tile.store(r__tile, [0, 0], out__ssa_v0)
        return t__tile
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[32, 64], pl.FP32], out__ssa_v0: pl.InOut[pl.Tensor[[1, 64], pl.INT32]]) -> pl.Tensor[[1, 64], pl.INT32]:
        t__tmp_v0: pl.Tensor[[1, 64], pl.INT32] = self.kernel(a__ssa_v0, out__ssa_v0)
        return t__tmp_v0
