# pypto.program: ColSum_32x64_FP32
import pypto.language as pl

@pl.program
class ColSum_32x64_FP32:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(input_tensor__ssa_v0: pl.Tensor[[32, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        tile__ssa_v0: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(input_tensor__ssa_v0, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        tmp__ssa_v0: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        result__ssa_v0: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_sum(tile__ssa_v0, tmp__ssa_v0)
        t__tmp_v0: pl.Tensor[[1, 64], pl.FP32] = pl.tile.store(result__ssa_v0, [0, 0], output__ssa_v0)
        return t__tmp_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, input_tensor__ssa_v0: pl.Tensor[[32, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        output__ssa_v1: pl.Tensor[[1, 64], pl.FP32] = self.kernel(input_tensor__ssa_v0, output__ssa_v0)
        return output__ssa_v1
