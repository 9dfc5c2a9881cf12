import pypto.language as pl


@pl.program
class PipelineMore:
    @pl.function(type=pl.FunctionType.InCore)
    def stage_one(
        self,
        x: pl.Tensor[[16, 512], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 512], pl.FP32]],
    ) -> pl.Tensor[[16, 512], pl.FP32]:
        for kb in pl.pipeline(4, stage=1):
            k0 = kb * 128
            t = pl.load(x, [0, k0], [16, 128])
            e = pl.exp(t)
            y = pl.store(e, [0, k0], y)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def short_with_inner(
        self,
        x: pl.Tensor[[64, 256], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 256], pl.FP32]],
    ) -> pl.Tensor[[64, 256], pl.FP32]:
        for rb in pl.pipeline(3, stage=4):
            for cb in pl.range(2):
                t = pl.load(x, [rb * 16, cb * 128], [16, 128])
                u = pl.add(t, t)
                y = pl.store(u, [rb * 16, cb * 128], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 512], pl.FP32], z: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[16, 512], pl.FP32]:
        y = pl.create_tensor([16, 512], dtype=pl.FP32)
        y = self.stage_one(x, y)
        w = pl.create_tensor([64, 256], dtype=pl.FP32)
        w = self.short_with_inner(z, w)
        return y
