# pypto.program: TensorBatchMatmulMixedAddBTransProgram
import pypto.language as pl

@pl.program
class TensorBatchMatmulMixedAddBTransProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mixed_add_btrans_nd(a__ssa_v0: pl.Tensor[[2, 16, 64], pl.FP32], b0__ssa_v0: pl.Tensor[[2, 64, 64], pl.FP32], b1__ssa_v0: pl.Tensor[[2, 64, 64], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        # Vec compute -> [B, N, K]
        bt__ssa_v0: pl.Tensor[[2, 64, 64], pl.FP32] = pl.tensor.add(b0__ssa_v0, b1__ssa_v0)
        # rank-3 operands -> tile.batch_matmul; bt is the b_trans operand.
        # batch a @ bt^T -> [B, M, N]
        cm__ssa_v0: pl.Tensor[[2, 16, 64], pl.FP32] = pl.tensor.matmul(a__ssa_v0, bt__ssa_v0, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
        out_c__ssa_v0: pl.Tensor[[2, 16, 64], pl.FP32] = pl.tensor.assemble(c__ssa_v0, cm__ssa_v0, [0, 0, 0])
        return out_c__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[2, 16, 64], pl.FP32], b0__ssa_v0: pl.Tensor[[2, 64, 64], pl.FP32], b1__ssa_v0: pl.Tensor[[2, 64, 64], pl.FP32], out_c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        out_c__ssa_v1: pl.Tensor[[2, 16, 64], pl.FP32] = self.mixed_add_btrans_nd(a__ssa_v0, b0__ssa_v0, b1__ssa_v0, out_c__ssa_v0)
        return out_c__ssa_v1
