import pypto.language as pl


@pl.program
class PipelineMatmul:
    @pl.function(type=pl.FunctionType.InCore)
    def project(
        self,
        a: pl.Tensor[[16, 1024], pl.BF16],
        w: pl.Tensor[[1024, 256], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 256], pl.FP32]],
    ) -> pl.Tensor[[16, 256], pl.FP32]:
        acc = pl.matmul(a[:, 0:128], w[0:128, :], out_dtype=pl.FP32)
        for kb in pl.pipeline(1, 8, stage=2):
            k0 = kb * 128
            acc = pl.matmul_acc(acc, a[:, k0 : k0 + 128], w[k0 : k0 + 128, :])
        out = pl.assemble(out, acc, [0, 0])
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self, a: pl.Tensor[[16, 1024], pl.BF16], w: pl.Tensor[[1024, 256], pl.BF16]
    ) -> pl.Tensor[[16, 256], pl.FP32]:
        out = pl.create_tensor([16, 256], dtype=pl.FP32)
        out = self.project(a, w, out)
        return out
