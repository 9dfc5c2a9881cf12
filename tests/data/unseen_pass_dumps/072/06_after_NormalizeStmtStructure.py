# pypto.program: GatherA5INT16IndexProgram
import pypto.language as pl

@pl.program
class GatherA5INT16IndexProgram:
    @pl.function
    def main(self, inp__ssa_v0: pl.Tensor[[4, 16], pl.FP16], idx__ssa_v0: pl.Tensor[[4, 16], pl.INT16], output__ssa_v0: pl.Out[pl.Tensor[[4, 16], pl.FP16]]) -> pl.Tensor[[4, 16], pl.FP16]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out__ssa_v0: pl.Tensor[[4, 16], pl.FP16] = pl.tensor.gather(inp__ssa_v0, idx__ssa_v0, dim=-1)
            output__ssa_v1: pl.Tensor[[4, 16], pl.FP16] = pl.tensor.assemble(output__ssa_v0, out__ssa_v0, [0, 0])
        return output__ssa_v1
