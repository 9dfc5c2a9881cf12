# pypto.program: TensorScatterUpdateProgram
import pypto.language as pl

@pl.program
class TensorScatterUpdateProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(input_t__ssa_v0: pl.Tensor[[32, 32], pl.FP32], index_t__ssa_v0: pl.Tensor[[2, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[16, 32], pl.FP32], dst_t__ssa_v0: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        result__ssa_v0: pl.Tensor[[32, 32], pl.FP32] = pl.tensor.scatter_update(input_t__ssa_v0, index_t__ssa_v0, src_t__ssa_v0, dim=-2)
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP32] = pl.tensor.assemble(dst_t__ssa_v0, result__ssa_v0, [0, 0])
        return dst_t__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, input_t__ssa_v0: pl.Tensor[[32, 32], pl.FP32], index_t__ssa_v0: pl.Tensor[[2, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[16, 32], pl.FP32], dst_t__ssa_v0: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP32] = self.main_incore_0(input_t__ssa_v0, index_t__ssa_v0, src_t__ssa_v0, dst_t__ssa_v0)
        return dst_t__ssa_v1
