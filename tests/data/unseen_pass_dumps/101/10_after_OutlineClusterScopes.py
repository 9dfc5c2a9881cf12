# pypto.program: FillpadExpandTensorFP32
import pypto.language as pl

@pl.program
class FillpadExpandTensorFP32:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a__ssa_v0: pl.Tensor[[48, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        result__ssa_v0: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.ND, pad=pl.PadValue.zero)] = pl.tensor.fillpad_expand(a__ssa_v0, [64, 64], pad_value=pl.PadValue.zero)
        t__tmp_v0: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.assemble(output__ssa_v0, result__ssa_v0, [0, 0])
        return t__tmp_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[48, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t__tmp_v0: pl.Tensor[[64, 64], pl.FP32] = self.kernel(a__ssa_v0, output__ssa_v0)
        return t__tmp_v0
