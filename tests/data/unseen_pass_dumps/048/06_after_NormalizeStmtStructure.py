# pypto.program: Sort32GatherFP32Program
import pypto.language as pl

@pl.program
class Sort32GatherFP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def sort32_gather_kernel(src_tensor__ssa_v0: pl.Tensor[[8, 32], pl.FP32], idx_tensor__ssa_v0: pl.Tensor[[8, 32], pl.UINT32], val_gather_idx__ssa_v0: pl.Tensor[[8, 32], pl.INT32], idx_gather_idx__ssa_v0: pl.Tensor[[8, 32], pl.INT32], gather_tmp__ssa_v0: pl.Tensor[[8, 32], pl.INT32], val_output__ssa_v0: pl.Out[pl.Tensor[[8, 32], pl.FP32]], idx_output__ssa_v0: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[8, 32], pl.FP32]]:
        src_tile__ssa_v0: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_tensor__ssa_v0, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        idx_tile__ssa_v0: pl.Tile[[8, 32], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx_tensor__ssa_v0, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        sorted_tile__ssa_v0: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(src_tile__ssa_v0, idx_tile__ssa_v0)
        val_gidx__ssa_v0: pl.Tile[[8, 32], pl.INT32, pl.Mem.Vec] = pl.tile.load(val_gather_idx__ssa_v0, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        idx_gidx__ssa_v0: pl.Tile[[8, 32], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx_gather_idx__ssa_v0, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        tmp_tile__ssa_v0: pl.Tile[[8, 32], pl.INT32, pl.Mem.Vec] = pl.tile.load(gather_tmp__ssa_v0, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        val_tile__ssa_v0: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.gather(sorted_tile__ssa_v0, val_gidx__ssa_v0, tmp_tile__ssa_v0)
        # Index bits are stored as raw uint32 in f32 memory by sort32.
        # Keep as FP32 — host will .view(torch.int32) to reinterpret bits.
        idx_tile_fp32__ssa_v0: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.gather(sorted_tile__ssa_v0, idx_gidx__ssa_v0, tmp_tile__ssa_v0)
        val_out__ssa_v0: pl.Tensor[[8, 32], pl.FP32] = pl.tile.store(val_tile__ssa_v0, [0, 0], val_output__ssa_v0)
        idx_out__ssa_v0: pl.Tensor[[8, 32], pl.FP32] = pl.tile.store(idx_tile_fp32__ssa_v0, [0, 0], idx_output__ssa_v0)
        return val_out__ssa_v0, idx_out__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, src_tensor__ssa_v0: pl.Tensor[[8, 32], pl.FP32], idx_tensor__ssa_v0: pl.Tensor[[8, 32], pl.UINT32], val_gather_idx__ssa_v0: pl.Tensor[[8, 32], pl.INT32], idx_gather_idx__ssa_v0: pl.Tensor[[8, 32], pl.INT32], gather_tmp__ssa_v0: pl.Tensor[[8, 32], pl.INT32], val_output__ssa_v0: pl.Out[pl.Tensor[[8, 32], pl.FP32]], idx_output__ssa_v0: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[8, 32], pl.FP32]]:
        _tuple_tmp__ssa_v0: pl.Tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[8, 32], pl.FP32]] = self.sort32_gather_kernel(src_tensor__ssa_v0, idx_tensor__ssa_v0, val_gather_idx__ssa_v0, idx_gather_idx__ssa_v0, gather_tmp__ssa_v0, val_output__ssa_v0, idx_output__ssa_v0)
        val_output__ssa_v1: pl.Tensor[[8, 32], pl.FP32] = _tuple_tmp__ssa_v0[0]
        idx_output__ssa_v1: pl.Tensor[[8, 32], pl.FP32] = _tuple_tmp__ssa_v0[1]
        return val_output__ssa_v1, idx_output__ssa_v1
