# pypto.program: TensorMatmul2dBy3dProgram
import pypto.language as pl

@pl.program
class TensorMatmul2dBy3dProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tensor_matmul_2d_by_3d(a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[1, 64, 64], pl.FP32], c__ssa_v0: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        # ND tensor-level matmul: lowers to tile.batch_matmul because b is rank-3.
        matmul_out__ssa_v0: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tensor.matmul(a__ssa_v0, b__ssa_v0, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
        # Explicitly write back into the Out tensor `c` so the runtime sees the
        # result on the bound output buffer (returning a fresh tensor would
        # otherwise leak a separate result slot and leave `c` uninitialised).
        c__ssa_v1: pl.Tensor[[1, 16, 64], pl.FP32] = pl.tensor.assemble(c__ssa_v0, matmul_out__ssa_v0, [0, 0, 0])
        return c__ssa_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[1, 64, 64], pl.FP32], out_c__ssa_v0: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        out_c__ssa_v1: pl.Tensor[[1, 16, 64], pl.FP32] = self.tensor_matmul_2d_by_3d(a__ssa_v0, b__ssa_v0, out_c__ssa_v0)
        return out_c__ssa_v1
