# pypto.program: ScatterMaskChainProgram
import pypto.language as pl

@pl.program
class ScatterMaskChainProgram:
    @pl.function
    def main(self, even__ssa_v0: pl.Tensor[[16, 32], pl.FP32], odd__ssa_v0: pl.Tensor[[16, 32], pl.FP32], dst__ssa_v0: pl.Tensor[[16, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.scatter_mask(even__ssa_v0, dst__ssa_v0, mask_pattern=1)
            out__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.scatter_mask(odd__ssa_v0, out__ssa_v0, mask_pattern=2)
            output__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(output__ssa_v0, out__ssa_v1, [0, 0])
        return output__ssa_v1
