# pypto.program: Sort32GatherMaskFP32Program
import pypto.language as pl

@pl.program
class Sort32GatherMaskFP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def sort32_gather_mask_kernel(src_tensor: pl.Tensor[[8, 32], pl.FP32], idx_tensor: pl.Tensor[[8, 32], pl.UINT32], output: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        src_tile: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_tensor, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        idx_tile: pl.Tile[[8, 32], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx_tensor, [0, 0], [8, 32], [8, 32], target_memory=pl.Mem.Vec)
        sorted_tile: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(src_tile, idx_tile)
        # P0101 selects every other element (stride=2): columns 0,2,4,...
        # sort32 layout is [val0, idx0, val1, idx1, ...], so P0101 extracts values.
        # Output shape: [8, 64/2] = [8, 32]
        gathered: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.gather_mask(sorted_tile, mask_pattern=1)
        out: pl.Tensor[[8, 32], pl.FP32] = pl.tile.store(gathered, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, src_tensor: pl.Tensor[[8, 32], pl.FP32], idx_tensor: pl.Tensor[[8, 32], pl.UINT32], output: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        output: pl.Tensor[[8, 32], pl.FP32] = self.sort32_gather_mask_kernel(src_tensor, idx_tensor, output)
        return output
