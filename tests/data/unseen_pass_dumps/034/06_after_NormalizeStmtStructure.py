# pypto.program: FusedMatmulScatterProgram
import pypto.language as pl

@pl.program
class FusedMatmulScatterProgram:
    @pl.function
    def fused(self, x__ssa_v0: pl.Tensor[[16, 64], pl.BF16], w__ssa_v0: pl.Tensor[[64, 64], pl.BF16], cache__ssa_v0: pl.InOut[pl.Tensor[[4096, 64], pl.BF16]]) -> pl.Tensor[[4096, 64], pl.BF16]:
        kv_final__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            # cube matmul, whole-tile store
            kv_final__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(kv_final__ssa_v0, pl.tensor.matmul(x__ssa_v0, w__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32), [0, 0])
            # per-row scatter to distinct cache rows
            for b__idx_v0, (cache__iter_v1,) in pl.range(16, init_values=(cache__ssa_v0,)):
                cache__ssa_v3: pl.Tensor[[4096, 64], pl.BF16] = pl.tensor.assemble(cache__iter_v1, pl.tensor.cast(pl.tensor.slice(kv_final__ssa_v1, [1, 64], [b__idx_v0, 0]), target_type=pl.BF16, mode='rint'), [b__idx_v0 * 256, 0])
                cache__rv_v2: pl.Tensor[[4096, 64], pl.BF16] = pl.yield_(cache__ssa_v3)
        return cache__rv_v2
