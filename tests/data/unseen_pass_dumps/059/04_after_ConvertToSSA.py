# pypto.program: TensorColArgmaxProgram
import pypto.language as pl

@pl.program
class TensorColArgmaxProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a__ssa_v0: pl.Tensor[[32, 64], pl.FP32], out__ssa_v0: pl.InOut[pl.Tensor[[1, 64], pl.INT32]]) -> pl.Tensor[[1, 64], pl.INT32]:
        r__ssa_v0: pl.Tensor[[1, 64], pl.INT32] = pl.tensor.col_argmax(a__ssa_v0)
        return pl.tensor.assemble(out__ssa_v0, r__ssa_v0, [0, 0])
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[32, 64], pl.FP32], out__ssa_v0: pl.InOut[pl.Tensor[[1, 64], pl.INT32]]) -> pl.Tensor[[1, 64], pl.INT32]:
        return self.kernel(a__ssa_v0, out__ssa_v0)
