# pypto.program: MrgSort1DynFP32Program
import pypto.language as pl

@pl.program
class MrgSort1DynFP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mrgsort1_dyn_kernel(src_tensor__ssa_v0: pl.Tensor[[1, 2048], pl.FP32], idx_tensor__ssa_v0: pl.Tensor[[1, 2048], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 2048], pl.FP32]], idx_output__ssa_v0: pl.Out[pl.Tensor[[1, 2048], pl.UINT32]]) -> tuple[pl.Tensor[[1, 2048], pl.FP32], pl.Tensor[[1, 2048], pl.UINT32]]:
        src_tile__ssa_v0: pl.Tile[[1, 2048], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_tensor__ssa_v0, [0, 0], [1, 2048], [1, 2048], target_memory=pl.Mem.Vec)
        idx_tile__ssa_v0: pl.Tile[[1, 2048], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx_tensor__ssa_v0, [0, 0], [1, 2048], [1, 2048], target_memory=pl.Mem.Vec)
        # Sort each 32-element block descending → [1, 4096] interleaved (val+idx pairs)
        sorted_tile__ssa_v0: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(src_tile__ssa_v0, idx_tile__ssa_v0)
        # Iterative 4-way merge: block_len = 1<<(6+2*i) = 64, 256, 1024
        # Only tile in init_values → no scalar iter_args → ptoas compatible
        for i__idx_v0, (tile_iter,) in pl.range(3, init_values=(sorted_tile__ssa_v0,)):
            block_len__ssa_v0: pl.Scalar[pl.INDEX] = 1 << i__idx_v0 * 2 + 6
            merged__ssa_v0: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(tile_iter, block_len__ssa_v0)
            result: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.yield_(merged__ssa_v0)
        # Extract sorted values (even positions, FP32)
        vals__ssa_v0: pl.Tile[[1, 2048], pl.FP32, pl.Mem.Vec] = pl.tile.gather_mask(result, mask_pattern=1)
        # Extract indices (odd positions): bit-reinterpret FP32 → UINT32
        idx__ssa_v0: pl.Tile[[1, 2048], pl.UINT32, pl.Mem.Vec] = pl.tile.gather_mask(result, mask_pattern=2, output_dtype=pl.UINT32)
        out_val__ssa_v0: pl.Tensor[[1, 2048], pl.FP32] = pl.tile.store(vals__ssa_v0, [0, 0], val_output__ssa_v0)
        out_idx__ssa_v0: pl.Tensor[[1, 2048], pl.UINT32] = pl.tile.store(idx__ssa_v0, [0, 0], idx_output__ssa_v0)
        return out_val__ssa_v0, out_idx__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator_dyn(self, src_tensor__ssa_v0: pl.Tensor[[1, 2048], pl.FP32], idx_tensor__ssa_v0: pl.Tensor[[1, 2048], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 2048], pl.FP32]], idx_output__ssa_v0: pl.Out[pl.Tensor[[1, 2048], pl.UINT32]]) -> tuple[pl.Tensor[[1, 2048], pl.FP32], pl.Tensor[[1, 2048], pl.UINT32]]:
        _tuple_tmp__ssa_v0: pl.Tuple[pl.Tensor[[1, 2048], pl.FP32], pl.Tensor[[1, 2048], pl.UINT32]] = self.mrgsort1_dyn_kernel(src_tensor__ssa_v0, idx_tensor__ssa_v0, val_output__ssa_v0, idx_output__ssa_v0)
        val_output__ssa_v1: pl.Tensor[[1, 2048], pl.FP32] = _tuple_tmp__ssa_v0[0]
        idx_output__ssa_v1: pl.Tensor[[1, 2048], pl.UINT32] = _tuple_tmp__ssa_v0[1]
        return val_output__ssa_v1, idx_output__ssa_v1
