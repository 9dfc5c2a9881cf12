# pypto.program: TensorBatchMatmul3dBy3dBTransProgram
import pypto.language as pl

@pl.program
class TensorBatchMatmul3dBy3dBTransProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def batch_matmul_3d_btrans(a__ssa_v0: pl.Tensor[[2, 16, 80], pl.FP32], b__ssa_v0: pl.Tensor[[2, 48, 80], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 48], pl.FP32]]) -> pl.Tensor[[2, 16, 48], pl.FP32]:
        # batch a @ b^T -> [B, M, N]
        cm__ssa_v0: pl.Tensor[[2, 16, 48], pl.FP32] = pl.tensor.matmul(a__ssa_v0, b__ssa_v0, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
        out_c__ssa_v0: pl.Tensor[[2, 16, 48], pl.FP32] = pl.tensor.assemble(c__ssa_v0, cm__ssa_v0, [0, 0, 0])
        return out_c__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[2, 16, 80], pl.FP32], b__ssa_v0: pl.Tensor[[2, 48, 80], pl.FP32], out_c__ssa_v0: pl.Out[pl.Tensor[[2, 16, 48], pl.FP32]]) -> pl.Tensor[[2, 16, 48], pl.FP32]:
        out_c__ssa_v1: pl.Tensor[[2, 16, 48], pl.FP32] = self.batch_matmul_3d_btrans(a__ssa_v0, b__ssa_v0, out_c__ssa_v0)
        return out_c__ssa_v1
