# pypto.program: Sort32GatherFP32Program
import pypto.language as pl

@pl.program
class Sort32GatherFP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def sort32_gather_kernel(src_tensor: pl.Tensor[[8, 32], pl.FP32], idx_tensor: pl.Tensor[[8, 32], pl.UINT32], val_gather_idx: pl.Tensor[[8, 32], pl.INT32], idx_gather_idx: pl.Tensor[[8, 32], pl.INT32], gather_tmp: pl.Tensor[[8, 32], pl.INT32], val_output: pl.Out[pl.Tensor[[8, 32], pl.FP32]], idx_output: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[8, 32], pl.FP32]]:
        src_tile: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_tensor, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        idx_tile: pl.Tile[[8, 32], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx_tensor, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        sorted_tile: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(src_tile, idx_tile)
        val_gidx: pl.Tile[[8, 32], pl.INT32, pl.Mem.Vec] = pl.tile.load(val_gather_idx, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        idx_gidx: pl.Tile[[8, 32], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx_gather_idx, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        tmp_tile: pl.Tile[[8, 32], pl.INT32, pl.Mem.Vec] = pl.tile.load(gather_tmp, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        val_tile: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.gather(sorted_tile, val_gidx, tmp_tile)
        # Index bits are stored as raw uint32 in f32 memory by sort32.
        # Keep as FP32 — host will .view(torch.int32) to reinterpret bits.
        idx_tile_fp32: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.gather(sorted_tile, idx_gidx, tmp_tile)
        val_out: pl.Tensor[[8, 32], pl.FP32] = pl.tile.store(val_tile, [0, 0], val_output)
        idx_out: pl.Tensor[[8, 32], pl.FP32] = pl.tile.store(idx_tile_fp32, [0, 0], idx_output)
        return val_out, idx_out
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, src_tensor: pl.Tensor[[8, 32], pl.FP32], idx_tensor: pl.Tensor[[8, 32], pl.UINT32], val_gather_idx: pl.Tensor[[8, 32], pl.INT32], idx_gather_idx: pl.Tensor[[8, 32], pl.INT32], gather_tmp: pl.Tensor[[8, 32], pl.INT32], val_output: pl.Out[pl.Tensor[[8, 32], pl.FP32]], idx_output: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[8, 32], pl.FP32]]:
        _tuple_tmp: pl.Tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[8, 32], pl.FP32]] = self.sort32_gather_kernel(src_tensor, idx_tensor, val_gather_idx, idx_gather_idx, gather_tmp, val_output, idx_output)
        val_output: pl.Tensor[[8, 32], pl.FP32] = _tuple_tmp[0]
        idx_output: pl.Tensor[[8, 32], pl.FP32] = _tuple_tmp[1]
        return val_output, idx_output
