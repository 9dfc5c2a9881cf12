# pypto.program: GatherRowTwoRunProgram
import pypto.language as pl

@pl.program
class GatherRowTwoRunProgram:
    @pl.function
    def main(self, src__ssa_v0: pl.Tensor[[256, 128], pl.FP16], n__ssa_v0: pl.Tensor[[1], pl.INT32], eye__ssa_v0: pl.Tensor[[128, 128], pl.FP16], output__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            r1__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(pl.tensor.read(n__ssa_v0, [0]), pl.INDEX)
            kv__ssa_v0: pl.Tensor[[128, 128], pl.FP16] = pl.tensor.create_l1([128, 128], dtype=pl.FP16, transpose=False)
            # Run 1: pool rows [0, r1) -> slots [0, r1).
            kv__ssa_v1: pl.Tensor[[128, 128], pl.FP16] = pl.tensor.gather_row(kv__ssa_v0, src__ssa_v0, [0, 0], [0, 0], [128, 128], valid_shape=[r1__ssa_v0, 128], transpose=False)
            # Run 2: pool rows [SENT_BASE, SENT_BASE + ROWS - r1) -> slots [r1, ROWS).
            kv__ssa_v2: pl.Tensor[[128, 128], pl.FP16] = pl.tensor.gather_row(kv__ssa_v1, src__ssa_v0, [r1__ssa_v0, 0], [128, 0], [128, 128], valid_shape=[128 - r1__ssa_v0, 128], transpose=False)
            result__ssa_v0: pl.Tensor[[128, 128], pl.FP32] = pl.tensor.matmul(eye__ssa_v0, kv__ssa_v2, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            output__ssa_v1: pl.Tensor[[128, 128], pl.FP32] = pl.tensor.assemble(output__ssa_v0, result__ssa_v0, [0, 0])
        return output__ssa_v1
