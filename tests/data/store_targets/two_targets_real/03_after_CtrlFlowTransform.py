# pypto.program: TwoTargets
import pypto.language as pl

@pl.program
class TwoTargets:
    @pl.function
    def main(self, a: pl.Tensor[[16, 128], pl.FP32], first: pl.Out[pl.Tensor[[16, 128], pl.FP32]], second: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
            first: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(t, [0, 0], first)
            u: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, t)
            second: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(u, [0, 0], second)
        return first, second
