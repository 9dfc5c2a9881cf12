# pypto.program: TwoTargets
import pypto.language as pl

@pl.program
class TwoTargets:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(a__ssa_v0: pl.Tensor[[16, 128], pl.FP32], first__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]], second__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
        t__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        first__ssa_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(t__ssa_v0, [0, 0], first__ssa_v0)
        first__store: pl.Tensor[[16, 128], pl.FP32] = first__ssa_v1
        u__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__ssa_v0, t__ssa_v0)
        second__ssa_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(u__ssa_v0, [0, 0], second__ssa_v0)
        second__store: pl.Tensor[[16, 128], pl.FP32] = second__ssa_v1
        return second__ssa_v0, first__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, a__ssa_v0: pl.Tensor[[16, 128], pl.FP32], first__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]], second__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
        ret__tmp_v0: pl.Tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]] = self.main_incore_0(a__ssa_v0, first__ssa_v0, second__ssa_v0)
        second__ssa_v2: pl.Tensor[[16, 128], pl.FP32] = ret__tmp_v0[0]
        first__ssa_v2: pl.Tensor[[16, 128], pl.FP32] = ret__tmp_v0[1]
        return first__ssa_v2, second__ssa_v2
