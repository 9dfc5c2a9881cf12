# pypto.program: TensorCmpProgram
import pypto.language as pl

@pl.program
class TensorCmpProgram:
    @pl.function
    def main(self, lhs: pl.Tensor[[16, 16], pl.FP32], rhs: pl.Tensor[[16, 16], pl.FP32], eq: pl.Out[pl.Tensor[[16, 16], pl.FP32]], ne: pl.Out[pl.Tensor[[16, 16], pl.FP32]], lt: pl.Out[pl.Tensor[[16, 16], pl.FP32]], le: pl.Out[pl.Tensor[[16, 16], pl.FP32]], gt: pl.Out[pl.Tensor[[16, 16], pl.FP32]], ge: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            eq: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(eq, pl.tensor.cmp(lhs, rhs, cmp_type=0), [0, 0])
            ne: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(ne, pl.tensor.cmp(lhs, rhs, cmp_type=1), [0, 0])
            lt: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(lt, pl.tensor.cmp(lhs, rhs, cmp_type=2), [0, 0])
            le: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(le, pl.tensor.cmp(lhs, rhs, cmp_type=3), [0, 0])
            gt: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(gt, pl.tensor.cmp(lhs, rhs, cmp_type=4), [0, 0])
            ge: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(ge, pl.tensor.cmp(lhs, rhs, cmp_type=5), [0, 0])
        return eq, ne, lt, le, gt, ge
