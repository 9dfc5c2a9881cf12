import pypto.language as pl


@pl.program
class PipelineL0Operands:
    @pl.function(type=pl.FunctionType.InCore)
    def project_blocks(
        self,
        a: pl.Tensor[[64, 1024], pl.BF16],
        w: pl.Tensor[[1024, 128], pl.BF16],
        out: pl.Out[pl.Tensor[[64, 1024], pl.FP32]],
    ) -> pl.Tensor[[64, 1024], pl.FP32]:
        for kb in pl.pipeline(8, stage=4):
            k0 = kb * 128
            a_mat = pl.load(a, [0, k0], [64, 128], target_memory=pl.Mem.Mat)
            w_mat = pl.load(w, [k0, 0], [128, 128], target_memory=pl.Mem.Mat)
            a_l0 = pl.move(a_mat, target_memory=pl.Mem.Left)
            w_l0 = pl.move(w_mat, target_memory=pl.Mem.Right)
            c = pl.matmul(a_l0, w_l0)
            out = pl.store(c, [0, k0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self, a: pl.Tensor[[64, 1024], pl.BF16], w: pl.Tensor[[1024, 128], pl.BF16]
    ) -> pl.Tensor[[64, 1024], pl.FP32]:
        out = pl.create_tensor([64, 1024], dtype=pl.FP32)
        out = self.project_blocks(a, w, out)
        return out
