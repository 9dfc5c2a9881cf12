# pypto.program: MrgSort1DynFP32Program
import pypto.language as pl

@pl.program
class MrgSort1DynFP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mrgsort1_dyn_kernel(src_tensor: pl.Tensor[[1, 2048], pl.FP32], idx_tensor: pl.Tensor[[1, 2048], pl.UINT32], val_output: pl.Out[pl.Tensor[[1, 2048], pl.FP32]], idx_output: pl.Out[pl.Tensor[[1, 2048], pl.UINT32]]) -> tuple[pl.Tensor[[1, 2048], pl.FP32], pl.Tensor[[1, 2048], pl.UINT32]]:
        src_tile: pl.Tile[[1, 2048], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_tensor, [0, 0], [1, 2048], [1, 2048], target_memory=pl.Mem.Vec)
        idx_tile: pl.Tile[[1, 2048], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx_tensor, [0, 0], [1, 2048], [1, 2048], target_memory=pl.Mem.Vec)
        # Sort each 32-element block descending → [1, 4096] interleaved (val+idx pairs)
        sorted_tile: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(src_tile, idx_tile)
        # Iterative 4-way merge: block_len = 1<<(6+2*i) = 64, 256, 1024
        # Only tile in init_values → no scalar iter_args → ptoas compatible
        for i, (tile_iter,) in pl.range(3, init_values=(sorted_tile,)):
            block_len: pl.Scalar[pl.INDEX] = 1 << 6 + i * 2
            merged: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(tile_iter, block_len)
            result: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.yield_(merged)
        # Extract sorted values (even positions, FP32)
        vals: pl.Tile[[1, 2048], pl.FP32, pl.Mem.Vec] = pl.tile.gather_mask(result, mask_pattern=1)
        # Extract indices (odd positions): bit-reinterpret FP32 → UINT32
        idx: pl.Tile[[1, 2048], pl.UINT32, pl.Mem.Vec] = pl.tile.gather_mask(result, mask_pattern=2, output_dtype=pl.UINT32)
        out_val: pl.Tensor[[1, 2048], pl.FP32] = pl.tile.store(vals, [0, 0], val_output)
        out_idx: pl.Tensor[[1, 2048], pl.UINT32] = pl.tile.store(idx, [0, 0], idx_output)
        return out_val, out_idx
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator_dyn(self, src_tensor: pl.Tensor[[1, 2048], pl.FP32], idx_tensor: pl.Tensor[[1, 2048], pl.UINT32], val_output: pl.Out[pl.Tensor[[1, 2048], pl.FP32]], idx_output: pl.Out[pl.Tensor[[1, 2048], pl.UINT32]]) -> tuple[pl.Tensor[[1, 2048], pl.FP32], pl.Tensor[[1, 2048], pl.UINT32]]:
        _tuple_tmp: pl.Tuple[pl.Tensor[[1, 2048], pl.FP32], pl.Tensor[[1, 2048], pl.UINT32]] = self.mrgsort1_dyn_kernel(src_tensor, idx_tensor, val_output, idx_output)
        val_output: pl.Tensor[[1, 2048], pl.FP32] = _tuple_tmp[0]
        idx_output: pl.Tensor[[1, 2048], pl.UINT32] = _tuple_tmp[1]
        return val_output, idx_output
