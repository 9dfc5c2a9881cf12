# pypto.program: TensorBatchMatmulMixedAddBTransProgram
import pypto.language as pl

@pl.program
class TensorBatchMatmulMixedAddBTransProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mixed_add_btrans_nd(a: pl.Tensor[[2, 16, 64], pl.FP32], b0: pl.Tensor[[2, 64, 64], pl.FP32], b1: pl.Tensor[[2, 64, 64], pl.FP32], c: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        # Vec compute -> [B, N, K]
        bt: pl.Tensor[[2, 64, 64], pl.FP32] = pl.tensor.add(b0, b1)
        # rank-3 operands -> tile.batch_matmul; bt is the b_trans operand.
        # batch a @ bt^T -> [B, M, N]
        cm: pl.Tensor[[2, 16, 64], pl.FP32] = pl.tensor.matmul(a, bt, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
        out_c: pl.Tensor[[2, 16, 64], pl.FP32] = pl.tensor.assemble(c, cm, [0, 0, 0])
        return out_c
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a: pl.Tensor[[2, 16, 64], pl.FP32], b0: pl.Tensor[[2, 64, 64], pl.FP32], b1: pl.Tensor[[2, 64, 64], pl.FP32], out_c: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        out_c: pl.Tensor[[2, 16, 64], pl.FP32] = self.mixed_add_btrans_nd(a, b0, b1, out_c)
        return out_c
