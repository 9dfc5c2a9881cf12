# pypto.program: ScatterMaskP0101Program
import pypto.language as pl

@pl.program
class ScatterMaskP0101Program:
    @pl.function
    def main(self, inp__ssa_v0: pl.Tensor[[8, 8], pl.FP32], dst__ssa_v0: pl.Tensor[[8, 16], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out__ssa_v0: pl.Tensor[[8, 16], pl.FP32] = pl.tensor.scatter_mask(inp__ssa_v0, dst__ssa_v0, mask_pattern=1)
            output__ssa_v1: pl.Tensor[[8, 16], pl.FP32] = pl.tensor.assemble(output__ssa_v0, out__ssa_v0, [0, 0])
        return output__ssa_v1
