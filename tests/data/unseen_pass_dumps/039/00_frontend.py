# pypto.program: TensorMatmulAcc2dBy3dProgram
import pypto.language as pl

@pl.program
class TensorMatmulAcc2dBy3dProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tensor_matmul_acc_2d_by_3d(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[1, 64, 64], pl.FP32], c: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        a0: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.slice(a, [16, 32], [0, 0])
        a1: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.slice(a, [16, 32], [0, 32])
        b0: pl.Tensor[[1, 64, 32], pl.FP32] = pl.tensor.slice(b, [1, 64, 32], [0, 0, 0])
        b1: pl.Tensor[[1, 64, 32], pl.FP32] = pl.tensor.slice(b, [1, 64, 32], [0, 0, 32])
        acc: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tensor.matmul(a0, b0, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
        acc_final: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tensor.matmul_acc(acc, a1, b1, a_trans=False, b_trans=True)
        # Write back into the Out tensor `c` (see TestTensorMatmul2dBy3d for why).
        c: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tensor.assemble(c, acc_final, [0, 0, 0])
        return c
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[1, 64, 64], pl.FP32], out_c: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        out_c: pl.Tensor[[1, 16, 64], pl.FP32] = self.tensor_matmul_acc_2d_by_3d(a, b, out_c)
        return out_c
