# pypto.program: TileScatterUpdateSingleBatchProgram
import pypto.language as pl

@pl.program
class TileScatterUpdateSingleBatchProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(input_t__ssa_v0: pl.Tensor[[32, 32], pl.FP32], index_t__ssa_v0: pl.Tensor[[1, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[8, 32], pl.FP32], dst_t__ssa_v0: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        input_tile__ssa_v0: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(input_t__ssa_v0, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Vec)
        index_tile__ssa_v0: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(index_t__ssa_v0, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        src_tile__ssa_v0: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_t__ssa_v0, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        result__ssa_v0: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.scatter_update(input_tile__ssa_v0, index_tile__ssa_v0, src_tile__ssa_v0, dim=-2)
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP32] = pl.tile.store(result__ssa_v0, [0, 0], dst_t__ssa_v0)
        return dst_t__ssa_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, input_t__ssa_v0: pl.Tensor[[32, 32], pl.FP32], index_t__ssa_v0: pl.Tensor[[1, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[8, 32], pl.FP32], dst_t__ssa_v0: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP32] = self.kernel(input_t__ssa_v0, index_t__ssa_v0, src_t__ssa_v0, dst_t__ssa_v0)
        return dst_t__ssa_v1
