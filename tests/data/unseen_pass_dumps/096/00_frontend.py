# pypto.program: PagedGatherVecProgram
import pypto.language as pl

@pl.program
class PagedGatherVecProgram:
    @pl.function
    def main(self, src: pl.Tensor[[256, 128], pl.FP16], idx: pl.Tensor[[16], pl.INT32], bt: pl.Tensor[[16], pl.INT32], output: pl.Out[pl.Tensor[[16, 128], pl.FP16]]) -> pl.Tensor[[16, 128], pl.FP16]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out: pl.Tensor[[16, 128], pl.FP16] = pl.tensor.paged_gather(src, idx, bt, block_size=16, size=128, max_indices=16, col_off=0, is_trans=False, is_b_matrix=False, space=pl.Mem.Vec)
            output: pl.Tensor[[16, 128], pl.FP16] = pl.tensor.assemble(output, out, [0, 0])
        return output
