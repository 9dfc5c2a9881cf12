# pypto.program: ForwardAddProgram
import pypto.language as pl

@pl.program
class ForwardAddProgram:
    @pl.function
    def main(self, a: pl.Tensor[[128, 128], pl.FP32], b: pl.Tensor[[128, 128], pl.FP32], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            tile_a: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
            tile_b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
            pl.tile.store(pl.tile.add(tile_a, tile_b), [0, 0], c)
        return c
