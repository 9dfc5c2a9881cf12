# pypto.program: GatherRank2SmallerLeadingProgram
import pypto.language as pl

@pl.program
class GatherRank2SmallerLeadingProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(inp__ssa_v0: pl.Tensor[[4, 16], pl.FP32], idx__ssa_v0: pl.Tensor[[2, 8], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[2, 8], pl.FP32]]) -> pl.Tensor[[2, 8], pl.FP32]:
        gather_acc_init: pl.Tile[[2, 8], pl.FP32, pl.Mem.Vec] = pl.tile.create([2, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        for gather_lv, (gather_ia,) in pl.range(2, init_values=(gather_acc_init,)):
            gather_inp_row: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp__ssa_v0, [gather_lv, 0], [1, 16], [1, 16], target_memory=pl.Mem.Vec)
            gather_idx_row: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx__ssa_v0, [gather_lv, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
            gather_row_tmp: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.create([1, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
            gather_row: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.gather(gather_inp_row, gather_idx_row, gather_row_tmp)
            gather_asmbl: pl.Tile[[2, 8], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(gather_ia, gather_row, [gather_lv, 0])
            gather_rv: pl.Tile[[2, 8], pl.FP32, pl.Mem.Vec] = pl.yield_(gather_asmbl)
        out__tile: pl.Tile[[2, 8], pl.FP32, pl.Mem.Vec] = gather_rv
        output__tile: pl.Tensor[[2, 8], pl.FP32] = pl.tile.store(out__tile, [0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, inp__ssa_v0: pl.Tensor[[4, 16], pl.FP32], idx__ssa_v0: pl.Tensor[[2, 8], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[2, 8], pl.FP32]]) -> pl.Tensor[[2, 8], pl.FP32]:
        output__ssa_v1: pl.Tensor[[2, 8], pl.FP32] = self.main_incore_0(inp__ssa_v0, idx__ssa_v0, output__ssa_v0)
        return output__ssa_v1
