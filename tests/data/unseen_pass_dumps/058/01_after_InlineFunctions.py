# pypto.program: TensorRowArgmaxProgram
import pypto.language as pl

@pl.program
class TensorRowArgmaxProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a: pl.Tensor[[32, 64], pl.FP32], out: pl.InOut[pl.Tensor[[32, 1], pl.INT32]]) -> pl.Tensor[[32, 1], pl.INT32]:
        r: pl.Tensor[[32, 1], pl.INT32] = pl.tensor.row_argmax(a)
        return pl.tensor.assemble(out, r, [0, 0])
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a: pl.Tensor[[32, 64], pl.FP32], out: pl.InOut[pl.Tensor[[32, 1], pl.INT32]]) -> pl.Tensor[[32, 1], pl.INT32]:
        return self.kernel(a, out)
