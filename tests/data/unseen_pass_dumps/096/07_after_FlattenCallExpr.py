# pypto.program: PagedGatherVecProgram
import pypto.language as pl

@pl.program
class PagedGatherVecProgram:
    @pl.function
    def main(self, src__ssa_v0: pl.Tensor[[256, 128], pl.FP16], idx__ssa_v0: pl.Tensor[[16], pl.INT32], bt__ssa_v0: pl.Tensor[[16], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP16]]) -> pl.Tensor[[16, 128], pl.FP16]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out__ssa_v0: pl.Tensor[[16, 128], pl.FP16] = pl.tensor.paged_gather(src__ssa_v0, idx__ssa_v0, bt__ssa_v0, block_size=16, size=128, max_indices=16, col_off=0, is_trans=False, is_b_matrix=False, space=pl.Mem.Vec)
            output__ssa_v1: pl.Tensor[[16, 128], pl.FP16] = pl.tensor.assemble(output__ssa_v0, out__ssa_v0, [0, 0])
        return output__ssa_v1
