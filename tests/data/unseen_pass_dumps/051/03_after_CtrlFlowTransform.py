# pypto.program: MrgSort1DynFP32TensorProgram
import pypto.language as pl

@pl.program
class MrgSort1DynFP32TensorProgram:
    @pl.function
    def main(self, src: pl.Tensor[[1, 2048], pl.FP32], idx: pl.Tensor[[1, 2048], pl.UINT32], val_output: pl.Out[pl.Tensor[[1, 2048], pl.FP32]]) -> pl.Tensor[[1, 2048], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            sorted_t: pl.Tensor[[1, 4096], pl.FP32] = pl.tensor.sort32(src, idx)
            for i, (acc,) in pl.range(3, init_values=(sorted_t,)):
                block_len: pl.Scalar[pl.INDEX] = 1 << 6 + i * 2
                merged: pl.Tensor[[1, 4096], pl.FP32] = pl.tensor.mrgsort_format1(acc, block_len)
                result: pl.Tensor[[1, 4096], pl.FP32] = pl.yield_(merged)
            # P0101 selects even positions: [val0, idx0, val1, idx1, ...] → values only.
            vals: pl.Tensor[[1, 2048], pl.FP32] = pl.tensor.gather_mask(result, mask_pattern=1)
            val_output: pl.Tensor[[1, 2048], pl.FP32] = pl.tensor.assemble(val_output, vals, [0, 0])
        return val_output
