# pypto.program: TensorBatchMatmulSlicedBTransProgram
import pypto.language as pl

@pl.program
class TensorBatchMatmulSlicedBTransProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def sliced_btrans(a: pl.Tensor[[2, 16, 80], pl.FP32], wfull: pl.Tensor[[4, 48, 80], pl.FP32], c: pl.Out[pl.Tensor[[2, 16, 48], pl.FP32]]) -> pl.Tensor[[2, 16, 48], pl.FP32]:
        # grouped slice -> [B, N, K]
        w: pl.Tensor[[2, 48, 80], pl.FP32] = pl.tensor.slice(wfull, [2, 48, 80], [1, 0, 0])
        cm: pl.Tensor[[2, 16, 48], pl.FP32] = pl.tensor.matmul(a, w, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
        out_c: pl.Tensor[[2, 16, 48], pl.FP32] = pl.tensor.assemble(c, cm, [0, 0, 0])
        return out_c
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a: pl.Tensor[[2, 16, 80], pl.FP32], wfull: pl.Tensor[[4, 48, 80], pl.FP32], out_c: pl.Out[pl.Tensor[[2, 16, 48], pl.FP32]]) -> pl.Tensor[[2, 16, 48], pl.FP32]:
        out_c: pl.Tensor[[2, 16, 48], pl.FP32] = self.sliced_btrans(a, wfull, out_c)
        return out_c
