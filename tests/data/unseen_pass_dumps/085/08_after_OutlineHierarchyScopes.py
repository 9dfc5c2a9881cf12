# pypto.program: ScatterINT32Program
import pypto.language as pl

@pl.program
class ScatterINT32Program:
    @pl.function
    def main(self, base__ssa_v0: pl.Tensor[[8, 16], pl.INT32], idx__ssa_v0: pl.Tensor[[8, 8], pl.INT32], val__ssa_v0: pl.Tensor[[8, 8], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[8, 16], pl.INT32]]) -> pl.Tensor[[8, 16], pl.INT32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out__ssa_v0: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.scatter(base__ssa_v0, idx__ssa_v0, val__ssa_v0, dim=-1)
            output__ssa_v1: pl.Tensor[[8, 16], pl.INT32] = pl.tensor.assemble(output__ssa_v0, out__ssa_v0, [0, 0])
        return output__ssa_v1
