# pypto.program: MrgSort1FP32Program
import pypto.language as pl

@pl.program
class MrgSort1FP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mrgsort1_kernel(src_tensor: pl.Tensor[[1, 128], pl.FP32], idx_tensor: pl.Tensor[[1, 128], pl.UINT32], val_output: pl.Out[pl.Tensor[[1, 128], pl.FP32]], idx_output: pl.Out[pl.Tensor[[1, 128], pl.UINT32]]) -> tuple[pl.Tensor[[1, 128], pl.FP32], pl.Tensor[[1, 128], pl.UINT32]]:
        src_tile: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_tensor, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        idx_tile: pl.Tile[[1, 128], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx_tensor, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        # Sort each 32-element block descending → [1, 256] interleaved (val+idx pairs)
        sorted_tile: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(src_tile, idx_tile)
        # Merge the 4 sorted 64-col runs into one sorted sequence (block_len=64, repeatTimes=1)
        merged: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(sorted_tile, pl.const(64, pl.INT32))
        # Extract sorted values (even positions, FP32)
        vals: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.gather_mask(merged, mask_pattern=1)
        # Extract indices (odd positions): bit-reinterpret FP32 → UINT32 in one step.
        # Hardware TGATHER mask form requires sizeof(dst) == sizeof(src), not same type.
        idx: pl.Tile[[1, 128], pl.UINT32, pl.Mem.Vec] = pl.tile.gather_mask(merged, mask_pattern=2, output_dtype=pl.UINT32)
        out_val: pl.Tensor[[1, 128], pl.FP32] = pl.tile.store(vals, [0, 0], val_output)
        out_idx: pl.Tensor[[1, 128], pl.UINT32] = pl.tile.store(idx, [0, 0], idx_output)
        return out_val, out_idx
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, src_tensor: pl.Tensor[[1, 128], pl.FP32], idx_tensor: pl.Tensor[[1, 128], pl.UINT32], val_output: pl.Out[pl.Tensor[[1, 128], pl.FP32]], idx_output: pl.Out[pl.Tensor[[1, 128], pl.UINT32]]) -> tuple[pl.Tensor[[1, 128], pl.FP32], pl.Tensor[[1, 128], pl.UINT32]]:
        _tuple_tmp: pl.Tuple[pl.Tensor[[1, 128], pl.FP32], pl.Tensor[[1, 128], pl.UINT32]] = self.mrgsort1_kernel(src_tensor, idx_tensor, val_output, idx_output)
        val_output: pl.Tensor[[1, 128], pl.FP32] = _tuple_tmp[0]
        idx_output: pl.Tensor[[1, 128], pl.UINT32] = _tuple_tmp[1]
        return val_output, idx_output
