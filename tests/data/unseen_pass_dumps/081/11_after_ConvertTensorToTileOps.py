# pypto.program: GatherTileInputSourceUnchangedProgram
import pypto.language as pl

@pl.program
class GatherTileInputSourceUnchangedProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(src__ssa_v0: pl.Tensor[[16, 64], pl.FP32], idx__ssa_v0: pl.Tensor[[16, 8], pl.INT32], gathered__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.FP32]], src_echo__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        local__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        assemble_src: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(src__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        local__tile_1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(local__tile, assemble_src, [0, 0])
        gather_acc_init: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        for gather_lv, (gather_ia,) in pl.range(16, init_values=(gather_acc_init,)):
            gather_inp_row: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(local__tile_1, [1, 64], [gather_lv, 0], [1, 64])
            gather_idx_row: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(idx__ssa_v0, [gather_lv, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
            gather_row_tmp: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.create([1, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
            gather_row: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.gather(gather_inp_row, gather_idx_row, gather_row_tmp)
            gather_asmbl: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(gather_ia, gather_row, [gather_lv, 0])
            gather_rv: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.yield_(gather_asmbl)
        g__tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = gather_rv
        gathered__tile: pl.Tensor[[16, 8], pl.FP32] = pl.tile.store(g__tile, [0, 0], gathered__ssa_v0)
        src_echo__tile: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(local__tile_1, [0, 0], src_echo__ssa_v0)
        return gathered__ssa_v0, src_echo__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[16, 64], pl.FP32], idx__ssa_v0: pl.Tensor[[16, 8], pl.INT32], src_echo__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]], gathered__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 8], pl.FP32]]:
        ret__tmp_v0: pl.Tuple[pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 64], pl.FP32]] = self.main_incore_0(src__ssa_v0, idx__ssa_v0, gathered__ssa_v0, src_echo__ssa_v0)
        gathered__ssa_v1: pl.Tensor[[16, 8], pl.FP32] = ret__tmp_v0[0]
        src_echo__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = ret__tmp_v0[1]
        return src_echo__ssa_v1, gathered__ssa_v1
