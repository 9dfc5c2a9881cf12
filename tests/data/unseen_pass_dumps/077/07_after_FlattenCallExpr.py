# pypto.program: GatherRank2Swap16RowStridedProgram
import pypto.language as pl

@pl.program
class GatherRank2Swap16RowStridedProgram:
    @pl.function
    def main(self, inp__ssa_v0: pl.Tensor[[16, 128], pl.FP32], idx__ssa_v0: pl.Tensor[[16, 64], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            local__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.create([16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            local__ssa_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.assemble(local__ssa_v0, inp__ssa_v0, [0, 0])
            rope__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.slice(local__ssa_v1, [16, 64], [0, 64])
            out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.gather(rope__ssa_v0, idx__ssa_v0, dim=-1)
            output__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(output__ssa_v0, out__ssa_v0, [0, 0])
        return output__ssa_v1
