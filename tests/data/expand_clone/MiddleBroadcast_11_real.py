# pypto.program: MiddleBroadcast
import pypto.language as pl

@pl.program
class MiddleBroadcast:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(x__ssa_v0: pl.Tensor[[4, 1, 16], pl.FP32], y__ssa_v0: pl.Out[pl.Tensor[[4, 8, 16], pl.FP32]]) -> pl.Tensor[[4, 8, 16], pl.FP32]:
        for i, (expand_clone_acc,) in pl.range(4, init_values=(y__ssa_v0,)):
            expand_clone_d1_input: pl.Tile[[1, 1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [i, 0, 0], [1, 1, 16], [1, 1, 16], target_memory=pl.Mem.Vec)
            expand_clone_d1_target: pl.Tile[[1, 8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 8, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            expand_clone_d1_col: pl.Tile[[1, 8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand(expand_clone_d1_target, expand_clone_d1_input)
            expand_clone_d1_store: pl.Tensor[[4, 8, 16], pl.FP32] = pl.tile.store(expand_clone_d1_col, [i, 0, 0], expand_clone_acc)
            expand_clone_d1_result: pl.Tensor[[4, 8, 16], pl.FP32] = pl.yield_(expand_clone_d1_store)
        out__tile: pl.Tensor[[4, 8, 16], pl.FP32] = expand_clone_d1_result
        return out__tile
