# pypto.program: TensorRsqrtProgram
import pypto.language as pl

@pl.program
class TensorRsqrtProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(x__ssa_v0: pl.Tensor[[16, 16], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        y__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.rsqrt(x__ssa_v0)
        out__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.assemble(out__ssa_v0, y__ssa_v0, [0, 0])
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, x__ssa_v0: pl.Tensor[[16, 16], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        out__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = self.main_incore_0(x__ssa_v0, out__ssa_v0)
        return out__ssa_v1
