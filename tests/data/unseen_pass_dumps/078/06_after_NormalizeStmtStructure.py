# pypto.program: GatherRank3LastDimProgram
import pypto.language as pl

@pl.program
class GatherRank3LastDimProgram:
    @pl.function
    def main(self, inp__ssa_v0: pl.Tensor[[2, 3, 16], pl.FP32], idx__ssa_v0: pl.Tensor[[2, 3, 8], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[2, 3, 8], pl.FP32]]) -> pl.Tensor[[2, 3, 8], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out__ssa_v0: pl.Tensor[[2, 3, 8], pl.FP32] = pl.tensor.gather(inp__ssa_v0, idx__ssa_v0, dim=-1)
            output__ssa_v1: pl.Tensor[[2, 3, 8], pl.FP32] = pl.tensor.assemble(output__ssa_v0, out__ssa_v0, [0, 0, 0])
        return output__ssa_v1
