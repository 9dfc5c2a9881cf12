# pypto.program: GatherRowDynamicValidShapeProgram
import pypto.language as pl

@pl.program
class GatherRowDynamicValidShapeProgram:
    @pl.function
    def main(self, src: pl.Tensor[[256, 128], pl.FP16], n: pl.Tensor[[1], pl.INT32], eye: pl.Tensor[[128, 128], pl.FP16], output: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            rows: pl.Scalar[pl.INDEX] = pl.cast(pl.tensor.read(n, [0]), pl.INDEX)
            kv: pl.Tensor[[128, 128], pl.FP16] = pl.tensor.create_l1([128, 128], dtype=pl.FP16, transpose=False)
            # Sentinel: every slot gets pool row SENT_BASE + i.
            kv: pl.Tensor[[128, 128], pl.FP16] = pl.tensor.gather_row(kv, src, [0, 0], [128, 0], [128, 128], transpose=False)
            # Dynamic: only the first `rows` slots get pool row i.
            kv: pl.Tensor[[128, 128], pl.FP16] = pl.tensor.gather_row(kv, src, [0, 0], [0, 0], [128, 128], valid_shape=[rows, 128], transpose=False)
            result: pl.Tensor[[128, 128], pl.FP32] = pl.tensor.matmul(eye, kv, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            output: pl.Tensor[[128, 128], pl.FP32] = pl.tensor.assemble(output, result, [0, 0])
        return output
