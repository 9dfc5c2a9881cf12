# pypto.program: TensorRowExpandExpdifProg
import pypto.language as pl

@pl.program
class TensorRowExpandExpdifProg:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a: pl.Tensor[[32, 64], pl.FP32], v: pl.Tensor[[32, 1], pl.FP32], output: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        result: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.row_expand_expdif(a, v)
        return pl.tensor.assemble(output, result, [0, 0])
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a: pl.Tensor[[32, 64], pl.FP32], v: pl.Tensor[[32, 1], pl.FP32], output: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        output: pl.Tensor[[32, 64], pl.FP32] = self.kernel(a, v, output)
        return output
