# pypto.program: TensorScatterUpdateProgram
import pypto.language as pl

@pl.program
class TensorScatterUpdateProgram:
    @pl.function
    def main(self, input_t: pl.Tensor[[32, 32], pl.FP32], index_t: pl.Tensor[[2, 8], pl.INT32], src_t: pl.Tensor[[16, 32], pl.FP32], dst_t: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            result: pl.Tensor[[32, 32], pl.FP32] = pl.tensor.scatter_update(input_t, index_t, src_t, dim=-2)
            dst_t: pl.Tensor[[32, 32], pl.FP32] = pl.tensor.assemble(dst_t, result, [0, 0])
        return dst_t
