# pypto.program: GatherRank2Swap16RowStridedProgram
import pypto.language as pl

@pl.program
class GatherRank2Swap16RowStridedProgram:
    @pl.function
    def main(self, inp: pl.Tensor[[16, 128], pl.FP32], idx: pl.Tensor[[16, 64], pl.INT32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            local: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.create([16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            local: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.assemble(local, inp, [0, 0])
            rope: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.slice(local, [16, 64], [0, 64])
            out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.gather(rope, idx, dim=-1)
            output: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(output, out, [0, 0])
        return output
