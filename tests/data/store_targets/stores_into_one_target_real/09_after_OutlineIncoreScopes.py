# pypto.program: StoresIntoOneTarget
import pypto.language as pl

@pl.program
class StoresIntoOneTarget:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(a__ssa_v0: pl.Tensor[[64, 128], pl.FP32], q__ssa_v0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        t__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        q__store: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(t__ssa_v0, [0, 0], q__ssa_v0)
        for i__idx_v0 in pl.range(1, 3):
            u__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [i__idx_v0 * 16, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
            q__store_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(u__ssa_v0, [i__idx_v0 * 16, 0], q__ssa_v0)
        w__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__ssa_v0, t__ssa_v0)
        q__store_v1: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(w__ssa_v0, [48, 0], q__ssa_v0)
        return q__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_1(out__ssa_v0: pl.Tensor[[64, 128], pl.FP32], q__ssa_v0: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        for j__idx_v0, (out__iter_v1,) in pl.range(4, init_values=(out__ssa_v0,)):
            r__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(q__ssa_v0, [j__idx_v0 * 16, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
            out__ssa_v3: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(r__ssa_v0, [j__idx_v0 * 16, 0], out__iter_v1)
            out__rv_v2: pl.Tensor[[64, 128], pl.FP32] = pl.yield_(out__ssa_v3)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, a__ssa_v0: pl.Tensor[[64, 128], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        q__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.create([64, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        q__ssa_v1: pl.Tensor[[64, 128], pl.FP32] = self.main_incore_0(a__ssa_v0, q__ssa_v0)
        out__rv_v2: pl.Tensor[[64, 128], pl.FP32] = self.main_incore_1(out__ssa_v0, q__ssa_v1)
        return out__rv_v2
