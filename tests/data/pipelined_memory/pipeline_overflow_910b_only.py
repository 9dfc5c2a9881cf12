import pypto.language as pl


@pl.program
class PipelineOverflow:
    @pl.function(type=pl.FunctionType.InCore)
    def reciprocals(
        self,
        x: pl.Tensor[[16, 5120], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 5120], pl.FP32]],
    ) -> pl.Tensor[[16, 5120], pl.FP32]:
        for kb in pl.pipeline(8, stage=4):
            k0 = kb * 640
            t = pl.load(x, [0, k0], [16, 640])
            r = pl.recip(t)
            y = pl.store(r, [0, k0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 5120], pl.FP32]) -> pl.Tensor[[16, 5120], pl.FP32]:
        y = pl.create_tensor([16, 5120], dtype=pl.FP32)
        y = self.reciprocals(x, y)
        return y
