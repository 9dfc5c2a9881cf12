# pypto.program: PagedGatherMatProgram
import pypto.language as pl

@pl.program
class PagedGatherMatProgram:
    @pl.function
    def main(self, src__ssa_v0: pl.Tensor[[256, 128], pl.FP16], idx__ssa_v0: pl.Tensor[[16], pl.INT32], bt__ssa_v0: pl.Tensor[[16], pl.INT32], eye__ssa_v0: pl.Tensor[[16, 16], pl.FP16], output__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            gathered__ssa_v0: pl.Tensor[[16, 128], pl.FP16] = pl.tensor.paged_gather(src__ssa_v0, idx__ssa_v0, bt__ssa_v0, block_size=16, size=128, max_indices=16, col_off=0, is_trans=False, is_b_matrix=True, space=pl.Mem.Mat)
            result__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(eye__ssa_v0, gathered__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            output__ssa_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.assemble(output__ssa_v0, result__ssa_v0, [0, 0])
        return output__ssa_v1
