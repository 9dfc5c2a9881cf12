# pypto.program: PagedGatherMatProgram
import pypto.language as pl

@pl.program
class PagedGatherMatProgram:
    @pl.function
    def main(self, src: pl.Tensor[[256, 128], pl.FP16], idx: pl.Tensor[[16], pl.INT32], bt: pl.Tensor[[16], pl.INT32], eye: pl.Tensor[[16, 16], pl.FP16], output: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            gathered: pl.Tensor[[16, 128], pl.FP16] = pl.tensor.paged_gather(src, idx, bt, block_size=16, size=128, max_indices=16, col_off=0, is_trans=False, is_b_matrix=True, space=pl.Mem.Mat)
            result: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(eye, gathered, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            output: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.assemble(output, result, [0, 0])
        return output
