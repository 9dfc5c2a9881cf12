# pypto.program: ScatterINT16Program
import pypto.language as pl

@pl.program
class ScatterINT16Program:
    @pl.function
    def main(self, base__ssa_v0: pl.Tensor[[16, 32], pl.INT16], idx__ssa_v0: pl.Tensor[[16, 16], pl.INT16], val__ssa_v0: pl.Tensor[[16, 16], pl.INT16], output__ssa_v0: pl.Out[pl.Tensor[[16, 32], pl.INT16]]) -> pl.Tensor[[16, 32], pl.INT16]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out__ssa_v0: pl.Tensor[[16, 32], pl.INT16] = pl.tensor.scatter(base__ssa_v0, idx__ssa_v0, val__ssa_v0, dim=-1)
            output__ssa_v1: pl.Tensor[[16, 32], pl.INT16] = pl.tensor.assemble(output__ssa_v0, out__ssa_v0, [0, 0])
        return output__ssa_v1
