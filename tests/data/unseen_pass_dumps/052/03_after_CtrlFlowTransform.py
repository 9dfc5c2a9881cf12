# pypto.program: MrgSort1DynFP32TensorValIdxProgram
import pypto.language as pl

@pl.program
class MrgSort1DynFP32TensorValIdxProgram:
    @pl.function
    def main(self, src: pl.Tensor[[1, 2048], pl.FP32], idx: pl.Tensor[[1, 2048], pl.UINT32], val_output: pl.Out[pl.Tensor[[1, 2048], pl.FP32]], idx_output: pl.Out[pl.Tensor[[1, 2048], pl.UINT32]]) -> tuple[pl.Tensor[[1, 2048], pl.FP32], pl.Tensor[[1, 2048], pl.UINT32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            sorted_t: pl.Tensor[[1, 4096], pl.FP32] = pl.tensor.sort32(src, idx)
            for i, (acc,) in pl.range(3, init_values=(sorted_t,)):
                block_len: pl.Scalar[pl.INDEX] = 1 << 6 + i * 2
                merged: pl.Tensor[[1, 4096], pl.FP32] = pl.tensor.mrgsort_format1(acc, block_len)
                result: pl.Tensor[[1, 4096], pl.FP32] = pl.yield_(merged)
            # P0101 → sorted values (FP32 at even positions).
            vals: pl.Tensor[[1, 2048], pl.FP32] = pl.tensor.gather_mask(result, mask_pattern=1)
            # P1010 + output_dtype=UINT32 → bit-reinterpret odd-position bits into UINT32.
            sorted_idx: pl.Tensor[[1, 2048], pl.UINT32] = pl.tensor.gather_mask(result, mask_pattern=2, output_dtype=pl.UINT32)
            val_output: pl.Tensor[[1, 2048], pl.FP32] = pl.tensor.assemble(val_output, vals, [0, 0])
            idx_output: pl.Tensor[[1, 2048], pl.UINT32] = pl.tensor.assemble(idx_output, sorted_idx, [0, 0])
        return val_output, idx_output
