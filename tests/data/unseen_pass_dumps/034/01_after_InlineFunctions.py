# pypto.program: FusedMatmulScatterProgram
import pypto.language as pl

@pl.program
class FusedMatmulScatterProgram:
    @pl.function
    def fused(self, x: pl.Tensor[[16, 64], pl.BF16], w: pl.Tensor[[64, 64], pl.BF16], cache: pl.InOut[pl.Tensor[[4096, 64], pl.BF16]]) -> pl.Tensor[[4096, 64], pl.BF16]:
        kv_final: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            # cube matmul, whole-tile store
            kv_final: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(kv_final, pl.tensor.matmul(x, w, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32), [0, 0])
            # per-row scatter to distinct cache rows
            for b in pl.range(16):
                cache: pl.Tensor[[4096, 64], pl.BF16] = pl.tensor.assemble(cache, pl.tensor.cast(pl.tensor.slice(kv_final, [1, 64], [b, 0]), target_type=pl.BF16, mode='rint'), [b * 256, 0])
        return cache
