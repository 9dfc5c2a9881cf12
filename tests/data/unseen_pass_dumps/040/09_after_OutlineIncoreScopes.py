# pypto.program: TransposeSliceRepro
import pypto.language as pl

@pl.program
class TransposeSliceRepro:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def slice_transposed_row(xt__ssa_v0: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(stride=[1, 16], layout=pl.TensorLayout.DN)], h__idx_v0: pl.Scalar[pl.INDEX], out__iter_v1: pl.Tensor[[8, 4], pl.FP32]) -> pl.Tensor[[8, 4], pl.FP32]:
        t__tmp_v0: pl.Tensor[[1, 8], pl.FP32] = pl.tensor.slice(xt__ssa_v0, [1, 8], [h__idx_v0, 0])
        col__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(t__tmp_v0, [8, 1])
        out__ssa_v3: pl.Tensor[[8, 4], pl.FP32] = pl.tensor.assemble(out__iter_v1, col__ssa_v0, [0, h__idx_v0])
        return out__iter_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, x__ssa_v0: pl.Tensor[[8, 16], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[8, 4], pl.FP32]]):
        xt__ssa_v0: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(stride=[1, 16], layout=pl.TensorLayout.DN)] = pl.tensor.transpose(x__ssa_v0, 0, 1)
        for h__idx_v0, (out__iter_v1,) in pl.range(4, init_values=(out__ssa_v0,)):
            out__ssa_v3: pl.Tensor[[8, 4], pl.FP32] = self.slice_transposed_row(xt__ssa_v0, h__idx_v0, out__iter_v1)
            out__rv_v2: pl.Tensor[[8, 4], pl.FP32] = pl.yield_(out__ssa_v3)
        return out__rv_v2
