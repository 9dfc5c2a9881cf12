# pypto.program: GatherRank3LastDimProgram
import pypto.language as pl

@pl.program
class GatherRank3LastDimProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(inp__ssa_v0: pl.Tensor[[2, 3, 16], pl.FP32], idx__ssa_v0: pl.Tensor[[2, 3, 8], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[2, 3, 8], pl.FP32]]) -> pl.Tensor[[2, 3, 8], pl.FP32]:
        gather_outer_acc_init: pl.Tile[[2, 24], pl.FP32, pl.Mem.Vec] = pl.tile.create([2, 24], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        for gather_outer_lv, (gather_outer_ia,) in pl.range(2, init_values=(gather_outer_acc_init,)):
            gather_inner_acc_init: pl.Tile[[3, 8], pl.FP32, pl.Mem.Vec] = pl.tile.create([3, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            for gather_inner_lv, (gather_inner_ia,) in pl.range(3, init_values=(gather_inner_acc_init,)):
                gather_inp_raw: pl.Tile[[1, 1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp__ssa_v0, [gather_outer_lv, gather_inner_lv, 0], [1, 1, 16], [1, 1, 16], target_memory=pl.Mem.Vec)
                gather_inp_row: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(gather_inp_raw, [1, 16])
                gather_idx_raw: pl.Tile[[1, 1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx__ssa_v0, [gather_outer_lv, gather_inner_lv, 0], [1, 1, 8], [1, 1, 8], target_memory=pl.Mem.Vec)
                gather_idx_row: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.reshape(gather_idx_raw, [1, 8])
                gather_row_tmp: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.create([1, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
                gather_row: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.gather(gather_inp_row, gather_idx_row, gather_row_tmp)
                gather_inner_asmbl: pl.Tile[[3, 8], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(gather_inner_ia, gather_row, [gather_inner_lv, 0])
                gather_inner_rv: pl.Tile[[3, 8], pl.FP32, pl.Mem.Vec] = pl.yield_(gather_inner_asmbl)
            gather_inner_flat: pl.Tile[[1, 24], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(gather_inner_rv, [1, 24])
            gather_outer_asmbl: pl.Tile[[2, 24], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(gather_outer_ia, gather_inner_flat, [gather_outer_lv, 0])
            gather_outer_rv: pl.Tile[[2, 24], pl.FP32, pl.Mem.Vec] = pl.yield_(gather_outer_asmbl)
        gather_out: pl.Tile[[6, 8], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(gather_outer_rv, [6, 8])
        out__tile: pl.Tile[[6, 8], pl.FP32, pl.Mem.Vec] = gather_out
        output__tile: pl.Tensor[[2, 3, 8], pl.FP32] = pl.tile.store(out__tile, [0, 0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, inp__ssa_v0: pl.Tensor[[2, 3, 16], pl.FP32], idx__ssa_v0: pl.Tensor[[2, 3, 8], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[2, 3, 8], pl.FP32]]) -> pl.Tensor[[2, 3, 8], pl.FP32]:
        output__ssa_v1: pl.Tensor[[2, 3, 8], pl.FP32] = self.main_incore_0(inp__ssa_v0, idx__ssa_v0, output__ssa_v0)
        return output__ssa_v1
