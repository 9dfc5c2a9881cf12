# pypto.program: MrgSort2WayFP32Program
import pypto.language as pl

@pl.program
class MrgSort2WayFP32Program:
    @pl.function
    def main(self, src: pl.Tensor[[1, 1024], pl.FP32], idx: pl.Tensor[[1, 1024], pl.UINT32], val_output: pl.Out[pl.Tensor[[1, 1024], pl.FP32]], idx_output: pl.Out[pl.Tensor[[1, 1024], pl.UINT32]]) -> tuple[pl.Tensor[[1, 1024], pl.FP32], pl.Tensor[[1, 1024], pl.UINT32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            # Slice src/idx into left and right halves.
            left_src: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.slice(src, [1, 512], [0, 0])
            left_idx: pl.Tensor[[1, 512], pl.UINT32] = pl.tensor.slice(idx, [1, 512], [0, 0])
            right_src: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.slice(src, [1, 512], [0, 512])
            right_idx: pl.Tensor[[1, 512], pl.UINT32] = pl.tensor.slice(idx, [1, 512], [0, 512])
            # Sort left half: sort32 → [1,1024] interleaved, then 2x format1 → fully sorted.
            left_s32: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.sort32(left_src, left_idx)
            left_m1: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.mrgsort_format1(left_s32, pl.const(64, pl.INT32))
            left_sorted: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.mrgsort_format1(left_m1, pl.const(256, pl.INT32))
            # Sort right half: same pipeline.
            right_s32: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.sort32(right_src, right_idx)
            right_m1: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.mrgsort_format1(right_s32, pl.const(64, pl.INT32))
            right_sorted: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.mrgsort_format1(right_m1, pl.const(256, pl.INT32))
            # Format2 2-way merge: tmp is synthesized by the conversion pass.
            merged: pl.Tensor[[1, 2048], pl.FP32] = pl.tensor.mrgsort_format2(left_sorted, right_sorted, exhausted=False)
            # Extract sorted values (even columns) and indices (odd columns, reinterpret as UINT32).
            vals: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.gather_mask(merged, mask_pattern=1)
            sorted_idx: pl.Tensor[[1, 1024], pl.UINT32] = pl.tensor.gather_mask(merged, mask_pattern=2, output_dtype=pl.UINT32)
            val_output: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.assemble(val_output, vals, [0, 0])
            idx_output: pl.Tensor[[1, 1024], pl.UINT32] = pl.tensor.assemble(idx_output, sorted_idx, [0, 0])
        return val_output, idx_output
