# pypto.program: MrgSort1DynFP32TensorProgram
import pypto.language as pl

@pl.program
class MrgSort1DynFP32TensorProgram:
    @pl.function
    def main(self, src__ssa_v0: pl.Tensor[[1, 2048], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 2048], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 2048], pl.FP32]]) -> pl.Tensor[[1, 2048], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            sorted_t__ssa_v0: pl.Tensor[[1, 4096], pl.FP32] = pl.tensor.sort32(src__ssa_v0, idx__ssa_v0)
            for i__idx_v0, (acc,) in pl.range(3, init_values=(sorted_t__ssa_v0,)):
                block_len__ssa_v0: pl.Scalar[pl.INDEX] = 1 << i__idx_v0 * 2 + 6
                merged__ssa_v0: pl.Tensor[[1, 4096], pl.FP32] = pl.tensor.mrgsort_format1(acc, block_len__ssa_v0)
                result: pl.Tensor[[1, 4096], pl.FP32] = pl.yield_(merged__ssa_v0)
            # P0101 selects even positions: [val0, idx0, val1, idx1, ...] → values only.
            vals__ssa_v0: pl.Tensor[[1, 2048], pl.FP32] = pl.tensor.gather_mask(result, mask_pattern=1)
            val_output__ssa_v1: pl.Tensor[[1, 2048], pl.FP32] = pl.tensor.assemble(val_output__ssa_v0, vals__ssa_v0, [0, 0])
        return val_output__ssa_v1
