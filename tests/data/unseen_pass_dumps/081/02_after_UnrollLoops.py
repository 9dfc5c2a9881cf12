# pypto.program: GatherTileInputSourceUnchangedProgram
import pypto.language as pl

@pl.program
class GatherTileInputSourceUnchangedProgram:
    @pl.function
    def main(self, src: pl.Tensor[[16, 64], pl.FP32], idx: pl.Tensor[[16, 8], pl.INT32], src_echo: pl.Out[pl.Tensor[[16, 64], pl.FP32]], gathered: pl.Out[pl.Tensor[[16, 8], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 8], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            local: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            local: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(local, src, [0, 0])
            g: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.gather(local, idx, dim=-1)
            gathered: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(gathered, g, [0, 0])
            src_echo: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(src_echo, local, [0, 0])
        return src_echo, gathered
