# pypto.program: TensorCmpsProgram
import pypto.language as pl

@pl.program
class TensorCmpsProgram:
    @pl.function
    def main(self, lhs__ssa_v0: pl.Tensor[[16, 16], pl.FP32], eq__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], ne__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], lt__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], le__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], gt__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], ge__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t__tmp_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.cmp(lhs__ssa_v0, 0.0, cmp_type=0)
            eq__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(eq__ssa_v0, t__tmp_v0, [0, 0])
            t__tmp_v1: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.cmp(lhs__ssa_v0, 0.0, cmp_type=1)
            ne__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(ne__ssa_v0, t__tmp_v1, [0, 0])
            t__tmp_v2: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.cmp(lhs__ssa_v0, 0.0, cmp_type=2)
            lt__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(lt__ssa_v0, t__tmp_v2, [0, 0])
            t__tmp_v3: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.cmp(lhs__ssa_v0, 0.0, cmp_type=3)
            le__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(le__ssa_v0, t__tmp_v3, [0, 0])
            t__tmp_v4: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.cmp(lhs__ssa_v0, 0.0, cmp_type=4)
            gt__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(gt__ssa_v0, t__tmp_v4, [0, 0])
            t__tmp_v5: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.cmp(lhs__ssa_v0, 0.0, cmp_type=5)
            ge__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(ge__ssa_v0, t__tmp_v5, [0, 0])
        return eq__ssa_v1, ne__ssa_v1, lt__ssa_v1, le__ssa_v1, gt__ssa_v1, ge__ssa_v1
