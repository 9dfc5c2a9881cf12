# pypto.program: StoresIntoOneTarget
import pypto.language as pl

@pl.program
class StoresIntoOneTarget:
    @pl.function
    def main(self, a: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        q: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.create([64, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP):
            t: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
            pl.tile.store(t, [0, 0], q)
            for i in pl.range(1, 3):
                u: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [i * 16, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
                pl.tile.store(u, [i * 16, 0], q)
            w: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, t)
            pl.tile.store(w, [48, 0], q)
        with pl.at(level=pl.Level.CORE_GROUP):
            for j in pl.range(4):
                r: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(q, [j * 16, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
                out: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(r, [j * 16, 0], out)
        return out
