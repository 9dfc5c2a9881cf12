import pypto.language as pl


@pl.program
class PipelineIf:
    @pl.function(type=pl.FunctionType.InCore)
    def scale_first(
        self,
        x: pl.Tensor[[16, 512], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 512], pl.FP32]],
    ) -> pl.Tensor[[16, 512], pl.FP32]:
        for kb in pl.pipeline(4, stage=2):
            k0 = kb * 128
            t = pl.load(x, [0, k0], [16, 128])
            if k0 == 0:
                u = pl.mul(t, 2.0)
            else:
                u = pl.add(t, t)
            y = pl.store(u, [0, k0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 512], pl.FP32]) -> pl.Tensor[[16, 512], pl.FP32]:
        y = pl.create_tensor([16, 512], dtype=pl.FP32)
        y = self.scale_first(x, y)
        return y
