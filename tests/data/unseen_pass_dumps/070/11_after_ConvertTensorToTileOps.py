# pypto.program: MrgSort2WayFP32Program
import pypto.language as pl

@pl.program
class MrgSort2WayFP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(src__ssa_v0: pl.Tensor[[1, 1024], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 1024], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 1024], pl.FP32]], idx_output__ssa_v0: pl.Out[pl.Tensor[[1, 1024], pl.UINT32]]) -> tuple[pl.Tensor[[1, 1024], pl.FP32], pl.Tensor[[1, 1024], pl.UINT32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        left_src__tile: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(src__ssa_v0, [0, 0], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
        left_idx__tile: pl.Tile[[1, 512], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx__ssa_v0, [0, 0], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
        right_src__tile: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(src__ssa_v0, [0, 512], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
        right_idx__tile: pl.Tile[[1, 512], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx__ssa_v0, [0, 512], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
        left_s32__tile: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(left_src__tile, left_idx__tile)
        left_m1__tile: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(left_s32__tile, pl.const(64, pl.INT32))
        left_sorted__tile: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(left_m1__tile, pl.const(256, pl.INT32))
        right_s32__tile: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(right_src__tile, right_idx__tile)
        right_m1__tile: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(right_s32__tile, pl.const(64, pl.INT32))
        right_sorted__tile: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(right_m1__tile, pl.const(256, pl.INT32))
        mrgsort2_tmp: pl.Tile[[1, 2048], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 2048], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        merged__tile: pl.Tile[[1, 2048], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format2(left_sorted__tile, right_sorted__tile, mrgsort2_tmp, exhausted=False)
        vals__tile: pl.Tile[[1, 1024], pl.FP32, pl.Mem.Vec] = pl.tile.gather_mask(merged__tile, mask_pattern=1)
        sorted_idx__tile: pl.Tile[[1, 1024], pl.UINT32, pl.Mem.Vec] = pl.tile.gather_mask(merged__tile, mask_pattern=2, output_dtype=pl.UINT32)
        val_output__tile: pl.Tensor[[1, 1024], pl.FP32] = pl.tile.store(vals__tile, [0, 0], val_output__ssa_v0)
        idx_output__tile: pl.Tensor[[1, 1024], pl.UINT32] = pl.tile.store(sorted_idx__tile, [0, 0], idx_output__ssa_v0)
        return val_output__ssa_v0, idx_output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[1, 1024], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 1024], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 1024], pl.FP32]], idx_output__ssa_v0: pl.Out[pl.Tensor[[1, 1024], pl.UINT32]]) -> tuple[pl.Tensor[[1, 1024], pl.FP32], pl.Tensor[[1, 1024], pl.UINT32]]:
        ret__tmp_v0: pl.Tuple[pl.Tensor[[1, 1024], pl.FP32], pl.Tensor[[1, 1024], pl.UINT32]] = self.main_incore_0(src__ssa_v0, idx__ssa_v0, val_output__ssa_v0, idx_output__ssa_v0)
        val_output__ssa_v1: pl.Tensor[[1, 1024], pl.FP32] = ret__tmp_v0[0]
        idx_output__ssa_v1: pl.Tensor[[1, 1024], pl.UINT32] = ret__tmp_v0[1]
        return val_output__ssa_v1, idx_output__ssa_v1
