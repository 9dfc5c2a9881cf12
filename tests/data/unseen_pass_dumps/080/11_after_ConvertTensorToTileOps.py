# pypto.program: GatherRank3NegFirstDimProgram
import pypto.language as pl

@pl.program
class GatherRank3NegFirstDimProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(inp__ssa_v0: pl.Tensor[[8, 2, 8], pl.FP32], idx__ssa_v0: pl.Tensor[[3, 2, 8], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[3, 2, 8], pl.FP32]]) -> pl.Tensor[[3, 2, 8], pl.FP32]:
        gather_range: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.INT32), [1, 8], dtype=pl.INT32)
        gather_main_acc_init: pl.Tile[[6, 8], pl.FP32, pl.Mem.Vec] = pl.tile.create([6, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        for gather_main_lv, (gather_main_ia,) in pl.range(6, init_values=(gather_main_acc_init,)):
            gather_inp_raw: pl.Tile[[8, 1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp__ssa_v0, [0, gather_main_lv % 2, 0], [8, 1, 8], [8, 1, 8], target_memory=pl.Mem.Vec)
            gather_inp_2d: pl.Tile[[8, 8], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(gather_inp_raw, [8, 8])
            gather_inp_flat: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(gather_inp_2d, [1, 64])
            gather_idx_raw: pl.Tile[[1, 1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx__ssa_v0, [gather_main_lv // 2, gather_main_lv % 2, 0], [1, 1, 8], [1, 1, 8], target_memory=pl.Mem.Vec)
            gather_idx_row: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.reshape(gather_idx_raw, [1, 8])
            gather_idx_s: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.muls(gather_idx_row, pl.const(8, pl.INT32))
            gather_fidx: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.add(gather_idx_s, gather_range)
            gather_row_tmp: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.create([1, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
            gather_row: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.gather(gather_inp_flat, gather_fidx, gather_row_tmp)
            gather_main_asmbl: pl.Tile[[6, 8], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(gather_main_ia, gather_row, [gather_main_lv, 0])
            gather_main_rv: pl.Tile[[6, 8], pl.FP32, pl.Mem.Vec] = pl.yield_(gather_main_asmbl)
        gather_out: pl.Tile[[6, 8], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(gather_main_rv, [6, 8])
        out__tile: pl.Tile[[6, 8], pl.FP32, pl.Mem.Vec] = gather_out
        output__tile: pl.Tensor[[3, 2, 8], pl.FP32] = pl.tile.store(out__tile, [0, 0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, inp__ssa_v0: pl.Tensor[[8, 2, 8], pl.FP32], idx__ssa_v0: pl.Tensor[[3, 2, 8], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[3, 2, 8], pl.FP32]]) -> pl.Tensor[[3, 2, 8], pl.FP32]:
        output__ssa_v1: pl.Tensor[[3, 2, 8], pl.FP32] = self.main_incore_0(inp__ssa_v0, idx__ssa_v0, output__ssa_v0)
        return output__ssa_v1
