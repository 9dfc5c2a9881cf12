# pypto.program: FusedMatmulScatterProgram
import pypto.language as pl

@pl.program
class FusedMatmulScatterProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def fused_incore_0(x__ssa_v0: pl.Tensor[[16, 64], pl.BF16], w__ssa_v0: pl.Tensor[[64, 64], pl.BF16], kv_final__ssa_v0: pl.InOut[pl.Tensor[[16, 64], pl.FP32]], cache__ssa_v0: pl.Out[pl.Tensor[[4096, 64], pl.BF16]]) -> pl.Tensor[[4096, 64], pl.BF16]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        x__ssa_v0_mat: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(x__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        w__ssa_v0_mat: pl.Tile[[64, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(w__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        t__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(x__ssa_v0_mat, w__ssa_v0_mat)
        kv_final__tile: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(t__tile, [0, 0], kv_final__ssa_v0)
        # per-row scatter to distinct cache rows
        for b__idx_v0, (cache__iter_v1,) in pl.range(16, init_values=(cache__ssa_v0,)):
            t__tile_1: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(kv_final__tile, [b__idx_v0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
            t__tile_2: pl.Tile[[1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(t__tile_1, target_type=pl.BF16, mode='rint')
            cache__tile: pl.Tensor[[4096, 64], pl.BF16] = pl.tile.store(t__tile_2, [b__idx_v0 * 256, 0], cache__iter_v1)
            cache__rv_v2: pl.Tensor[[4096, 64], pl.BF16] = pl.yield_(cache__tile)
        return cache__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def fused(self, x__ssa_v0: pl.Tensor[[16, 64], pl.BF16], w__ssa_v0: pl.Tensor[[64, 64], pl.BF16], cache__ssa_v0: pl.InOut[pl.Tensor[[4096, 64], pl.BF16]]) -> pl.Tensor[[4096, 64], pl.BF16]:
        kv_final__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        cache__rv_v2: pl.Tensor[[4096, 64], pl.BF16] = self.fused_incore_0(x__ssa_v0, w__ssa_v0, kv_final__ssa_v0, cache__ssa_v0)
        return cache__rv_v2
