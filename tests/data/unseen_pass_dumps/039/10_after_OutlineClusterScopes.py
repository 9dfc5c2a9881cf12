# pypto.program: TensorMatmulAcc2dBy3dProgram
import pypto.language as pl

@pl.program
class TensorMatmulAcc2dBy3dProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tensor_matmul_acc_2d_by_3d(a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[1, 64, 64], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        a0__ssa_v0: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.slice(a__ssa_v0, [16, 32], [0, 0])
        a1__ssa_v0: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.slice(a__ssa_v0, [16, 32], [0, 32])
        b0__ssa_v0: pl.Tensor[[1, 64, 32], pl.FP32] = pl.tensor.slice(b__ssa_v0, [1, 64, 32], [0, 0, 0])
        b1__ssa_v0: pl.Tensor[[1, 64, 32], pl.FP32] = pl.tensor.slice(b__ssa_v0, [1, 64, 32], [0, 0, 32])
        acc__ssa_v0: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tensor.matmul(a0__ssa_v0, b0__ssa_v0, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
        acc_final__ssa_v0: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tensor.matmul_acc(acc__ssa_v0, a1__ssa_v0, b1__ssa_v0, a_trans=False, b_trans=True)
        # Write back into the Out tensor `c` (see TestTensorMatmul2dBy3d for why).
        c__ssa_v1: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tensor.assemble(c__ssa_v0, acc_final__ssa_v0, [0, 0, 0])
        return c__ssa_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[1, 64, 64], pl.FP32], out_c__ssa_v0: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        out_c__ssa_v1: pl.Tensor[[1, 16, 64], pl.FP32] = self.tensor_matmul_acc_2d_by_3d(a__ssa_v0, b__ssa_v0, out_c__ssa_v0)
        return out_c__ssa_v1
