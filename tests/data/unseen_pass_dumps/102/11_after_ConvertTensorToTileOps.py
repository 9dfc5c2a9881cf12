# pypto.program: ExpandCloneProgram
import pypto.language as pl

@pl.program
class ExpandCloneProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def expand_clone_kernel(x__ssa_v0: pl.Tensor[[1, 8, 8], pl.FP32], y__ssa_v0: pl.Out[pl.Tensor[[8, 8, 8], pl.FP32]]) -> pl.Tensor[[8, 8, 8], pl.FP32]:
        expand_clone_input: pl.Tile[[1, 8, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 0, 0], [1, 8, 8], [1, 8, 8], target_memory=pl.Mem.Vec)
        for i, (expand_clone_acc,) in pl.range(8, init_values=(y__ssa_v0,)):
            expand_clone_d0_store: pl.Tensor[[8, 8, 8], pl.FP32] = pl.tile.store(expand_clone_input, [i, 0, 0], expand_clone_acc)
            expand_clone_d0_result: pl.Tensor[[8, 8, 8], pl.FP32] = pl.yield_(expand_clone_d0_store)
        out__tile: pl.Tensor[[8, 8, 8], pl.FP32] = expand_clone_d0_result
        return out__tile
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, x__ssa_v0: pl.Tensor[[1, 8, 8], pl.FP32], y__ssa_v0: pl.Out[pl.Tensor[[8, 8, 8], pl.FP32]]) -> pl.Tensor[[8, 8, 8], pl.FP32]:
        y__ssa_v1: pl.Tensor[[8, 8, 8], pl.FP32] = self.expand_clone_kernel(x__ssa_v0, y__ssa_v0)
        return y__ssa_v1
