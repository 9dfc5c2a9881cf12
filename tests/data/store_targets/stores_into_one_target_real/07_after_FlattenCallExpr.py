# pypto.program: StoresIntoOneTarget
import pypto.language as pl

@pl.program
class StoresIntoOneTarget:
    @pl.function
    def main(self, a__ssa_v0: pl.Tensor[[64, 128], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        q__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.create([64, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP):
            t__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
            pl.tile.store(t__ssa_v0, [0, 0], q__ssa_v0)
            for i__idx_v0 in pl.range(1, 3):
                u__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [i__idx_v0 * 16, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
                pl.tile.store(u__ssa_v0, [i__idx_v0 * 16, 0], q__ssa_v0)
            w__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__ssa_v0, t__ssa_v0)
            pl.tile.store(w__ssa_v0, [48, 0], q__ssa_v0)
        with pl.at(level=pl.Level.CORE_GROUP):
            for j__idx_v0, (out__iter_v1,) in pl.range(4, init_values=(out__ssa_v0,)):
                r__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(q__ssa_v0, [j__idx_v0 * 16, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
                out__ssa_v3: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(r__ssa_v0, [j__idx_v0 * 16, 0], out__iter_v1)
                out__rv_v2: pl.Tensor[[64, 128], pl.FP32] = pl.yield_(out__ssa_v3)
        return out__rv_v2
