# pypto.program: GatherRowTwoRunProgram
import pypto.language as pl

@pl.program
class GatherRowTwoRunProgram:
    @pl.function
    def main(self, src: pl.Tensor[[256, 128], pl.FP16], n: pl.Tensor[[1], pl.INT32], eye: pl.Tensor[[128, 128], pl.FP16], output: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            r1: pl.Scalar[pl.INDEX] = pl.cast(pl.tensor.read(n, [0]), pl.INDEX)
            kv: pl.Tensor[[128, 128], pl.FP16] = pl.tensor.create_l1([128, 128], dtype=pl.FP16, transpose=False)
            # Run 1: pool rows [0, r1) -> slots [0, r1).
            kv: pl.Tensor[[128, 128], pl.FP16] = pl.tensor.gather_row(kv, src, [0, 0], [0, 0], [128, 128], valid_shape=[r1, 128], transpose=False)
            # Run 2: pool rows [SENT_BASE, SENT_BASE + ROWS - r1) -> slots [r1, ROWS).
            kv: pl.Tensor[[128, 128], pl.FP16] = pl.tensor.gather_row(kv, src, [r1, 0], [128, 0], [128, 128], valid_shape=[128 - r1, 128], transpose=False)
            result: pl.Tensor[[128, 128], pl.FP32] = pl.tensor.matmul(eye, kv, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            output: pl.Tensor[[128, 128], pl.FP32] = pl.tensor.assemble(output, result, [0, 0])
        return output
