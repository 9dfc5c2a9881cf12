# pypto.program: MrgSort1FP32Program
import pypto.language as pl

@pl.program
class MrgSort1FP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mrgsort1_kernel(src_tensor__ssa_v0: pl.Tensor[[1, 128], pl.FP32], idx_tensor__ssa_v0: pl.Tensor[[1, 128], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 128], pl.FP32]], idx_output__ssa_v0: pl.Out[pl.Tensor[[1, 128], pl.UINT32]]) -> tuple[pl.Tensor[[1, 128], pl.FP32], pl.Tensor[[1, 128], pl.UINT32]]:
        src_tile__ssa_v0: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_tensor__ssa_v0, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        idx_tile__ssa_v0: pl.Tile[[1, 128], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx_tensor__ssa_v0, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        # Sort each 32-element block descending → [1, 256] interleaved (val+idx pairs)
        sorted_tile__ssa_v0: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(src_tile__ssa_v0, idx_tile__ssa_v0)
        # Merge the 4 sorted 64-col runs into one sorted sequence (block_len=64, repeatTimes=1)
        merged__ssa_v0: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(sorted_tile__ssa_v0, pl.const(64, pl.INT32))
        # Extract sorted values (even positions, FP32)
        vals__ssa_v0: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.gather_mask(merged__ssa_v0, mask_pattern=1)
        # Extract indices (odd positions): bit-reinterpret FP32 → UINT32 in one step.
        # Hardware TGATHER mask form requires sizeof(dst) == sizeof(src), not same type.
        idx__ssa_v0: pl.Tile[[1, 128], pl.UINT32, pl.Mem.Vec] = pl.tile.gather_mask(merged__ssa_v0, mask_pattern=2, output_dtype=pl.UINT32)
        out_val__ssa_v0: pl.Tensor[[1, 128], pl.FP32] = pl.tile.store(vals__ssa_v0, [0, 0], val_output__ssa_v0)
        out_idx__ssa_v0: pl.Tensor[[1, 128], pl.UINT32] = pl.tile.store(idx__ssa_v0, [0, 0], idx_output__ssa_v0)
        return out_val__ssa_v0, out_idx__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, src_tensor__ssa_v0: pl.Tensor[[1, 128], pl.FP32], idx_tensor__ssa_v0: pl.Tensor[[1, 128], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 128], pl.FP32]], idx_output__ssa_v0: pl.Out[pl.Tensor[[1, 128], pl.UINT32]]) -> tuple[pl.Tensor[[1, 128], pl.FP32], pl.Tensor[[1, 128], pl.UINT32]]:
        _tuple_tmp__ssa_v0: pl.Tuple[pl.Tensor[[1, 128], pl.FP32], pl.Tensor[[1, 128], pl.UINT32]] = self.mrgsort1_kernel(src_tensor__ssa_v0, idx_tensor__ssa_v0, val_output__ssa_v0, idx_output__ssa_v0)
        val_output__ssa_v1: pl.Tensor[[1, 128], pl.FP32] = _tuple_tmp__ssa_v0[0]
        idx_output__ssa_v1: pl.Tensor[[1, 128], pl.UINT32] = _tuple_tmp__ssa_v0[1]
        return val_output__ssa_v1, idx_output__ssa_v1
