# pypto.program: TileScatterUpdateFP16Program
import pypto.language as pl

@pl.program
class TileScatterUpdateFP16Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(input_t__ssa_v0: pl.Tensor[[32, 32], pl.FP16], index_t__ssa_v0: pl.Tensor[[2, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[16, 32], pl.FP16], dst_t__ssa_v0: pl.Out[pl.Tensor[[32, 32], pl.FP16]]) -> pl.Tensor[[32, 32], pl.FP16]:
        input_tile__ssa_v0: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.load(input_t__ssa_v0, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Vec)
        index_tile__ssa_v0: pl.Tile[[2, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(index_t__ssa_v0, [0, 0], [2, 8], [2, 8], target_memory=pl.Mem.Vec)
        src_tile__ssa_v0: pl.Tile[[16, 32], pl.FP16, pl.Mem.Vec] = pl.tile.load(src_t__ssa_v0, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        result__ssa_v0: pl.Tile[[32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.scatter_update(input_tile__ssa_v0, index_tile__ssa_v0, src_tile__ssa_v0, dim=-2)
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP16] = pl.tile.store(result__ssa_v0, [0, 0], dst_t__ssa_v0)
        return dst_t__ssa_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, input_t__ssa_v0: pl.Tensor[[32, 32], pl.FP16], index_t__ssa_v0: pl.Tensor[[2, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[16, 32], pl.FP16], dst_t__ssa_v0: pl.Out[pl.Tensor[[32, 32], pl.FP16]]) -> pl.Tensor[[32, 32], pl.FP16]:
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP16] = self.kernel(input_t__ssa_v0, index_t__ssa_v0, src_t__ssa_v0, dst_t__ssa_v0)
        return dst_t__ssa_v1
