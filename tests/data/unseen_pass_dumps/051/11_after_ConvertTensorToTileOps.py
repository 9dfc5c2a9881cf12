# pypto.program: MrgSort1DynFP32TensorProgram
import pypto.language as pl

@pl.program
class MrgSort1DynFP32TensorProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(src__ssa_v0: pl.Tensor[[1, 2048], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 2048], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 2048], pl.FP32]]) -> pl.Tensor[[1, 2048], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        src__tile: pl.Tile[[1, 2048], pl.FP32, pl.Mem.Vec] = pl.tile.load(src__ssa_v0, [0, 0], [1, 2048], [1, 2048], target_memory=pl.Mem.Vec)
        idx__tile: pl.Tile[[1, 2048], pl.UINT32, pl.Mem.Vec] = pl.tile.load(idx__ssa_v0, [0, 0], [1, 2048], [1, 2048], target_memory=pl.Mem.Vec)
        sorted_t__tile: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(src__tile, idx__tile)
        for i__idx_v0, (acc,) in pl.range(3, init_values=(sorted_t__tile,)):
            block_len__ssa_v0: pl.Scalar[pl.INDEX] = 1 << i__idx_v0 * 2 + 6
            merged__tile: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(acc, block_len__ssa_v0)
            result: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.yield_(merged__tile)
        vals__tile: pl.Tile[[1, 2048], pl.FP32, pl.Mem.Vec] = pl.tile.gather_mask(result, mask_pattern=1)
        val_output__tile: pl.Tensor[[1, 2048], pl.FP32] = pl.tile.store(vals__tile, [0, 0], val_output__ssa_v0)
        return val_output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[1, 2048], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 2048], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 2048], pl.FP32]]) -> pl.Tensor[[1, 2048], pl.FP32]:
        val_output__ssa_v1: pl.Tensor[[1, 2048], pl.FP32] = self.main_incore_0(src__ssa_v0, idx__ssa_v0, val_output__ssa_v0)
        return val_output__ssa_v1
