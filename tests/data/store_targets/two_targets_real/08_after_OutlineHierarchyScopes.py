# pypto.program: TwoTargets
import pypto.language as pl

@pl.program
class TwoTargets:
    @pl.function
    def main(self, a__ssa_v0: pl.Tensor[[16, 128], pl.FP32], first__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]], second__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
            first__ssa_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(t__ssa_v0, [0, 0], first__ssa_v0)
            u__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__ssa_v0, t__ssa_v0)
            second__ssa_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(u__ssa_v0, [0, 0], second__ssa_v0)
        return first__ssa_v1, second__ssa_v1
