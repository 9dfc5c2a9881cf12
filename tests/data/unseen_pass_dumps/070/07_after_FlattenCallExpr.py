# pypto.program: MrgSort2WayFP32Program
import pypto.language as pl

@pl.program
class MrgSort2WayFP32Program:
    @pl.function
    def main(self, src__ssa_v0: pl.Tensor[[1, 1024], pl.FP32], idx__ssa_v0: pl.Tensor[[1, 1024], pl.UINT32], val_output__ssa_v0: pl.Out[pl.Tensor[[1, 1024], pl.FP32]], idx_output__ssa_v0: pl.Out[pl.Tensor[[1, 1024], pl.UINT32]]) -> tuple[pl.Tensor[[1, 1024], pl.FP32], pl.Tensor[[1, 1024], pl.UINT32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            # Slice src/idx into left and right halves.
            left_src__ssa_v0: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.slice(src__ssa_v0, [1, 512], [0, 0])
            left_idx__ssa_v0: pl.Tensor[[1, 512], pl.UINT32] = pl.tensor.slice(idx__ssa_v0, [1, 512], [0, 0])
            right_src__ssa_v0: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.slice(src__ssa_v0, [1, 512], [0, 512])
            right_idx__ssa_v0: pl.Tensor[[1, 512], pl.UINT32] = pl.tensor.slice(idx__ssa_v0, [1, 512], [0, 512])
            # Sort left half: sort32 → [1,1024] interleaved, then 2x format1 → fully sorted.
            left_s32__ssa_v0: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.sort32(left_src__ssa_v0, left_idx__ssa_v0)
            left_m1__ssa_v0: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.mrgsort_format1(left_s32__ssa_v0, pl.const(64, pl.INT32))
            left_sorted__ssa_v0: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.mrgsort_format1(left_m1__ssa_v0, pl.const(256, pl.INT32))
            # Sort right half: same pipeline.
            right_s32__ssa_v0: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.sort32(right_src__ssa_v0, right_idx__ssa_v0)
            right_m1__ssa_v0: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.mrgsort_format1(right_s32__ssa_v0, pl.const(64, pl.INT32))
            right_sorted__ssa_v0: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.mrgsort_format1(right_m1__ssa_v0, pl.const(256, pl.INT32))
            # Format2 2-way merge: tmp is synthesized by the conversion pass.
            merged__ssa_v0: pl.Tensor[[1, 2048], pl.FP32] = pl.tensor.mrgsort_format2(left_sorted__ssa_v0, right_sorted__ssa_v0, exhausted=False)
            # Extract sorted values (even columns) and indices (odd columns, reinterpret as UINT32).
            vals__ssa_v0: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.gather_mask(merged__ssa_v0, mask_pattern=1)
            sorted_idx__ssa_v0: pl.Tensor[[1, 1024], pl.UINT32] = pl.tensor.gather_mask(merged__ssa_v0, mask_pattern=2, output_dtype=pl.UINT32)
            val_output__ssa_v1: pl.Tensor[[1, 1024], pl.FP32] = pl.tensor.assemble(val_output__ssa_v0, vals__ssa_v0, [0, 0])
            idx_output__ssa_v1: pl.Tensor[[1, 1024], pl.UINT32] = pl.tensor.assemble(idx_output__ssa_v0, sorted_idx__ssa_v0, [0, 0])
        return val_output__ssa_v1, idx_output__ssa_v1
