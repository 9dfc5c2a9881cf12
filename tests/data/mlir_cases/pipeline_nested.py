import pypto.language as pl


@pl.program
class PipelineNested:
    @pl.function(type=pl.FunctionType.InCore)
    def exp_blocks(
        self,
        x: pl.Tensor[[64, 512], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 512], pl.FP32]],
    ) -> pl.Tensor[[64, 512], pl.FP32]:
        for rb in pl.pipeline(4, stage=2):
            for cb in pl.pipeline(4, stage=2):
                t = pl.load(x, [rb * 16, cb * 128], [16, 128])
                u = pl.exp(t)
                y = pl.store(u, [rb * 16, cb * 128], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 512], pl.FP32]) -> pl.Tensor[[64, 512], pl.FP32]:
        y = pl.create_tensor([64, 512], dtype=pl.FP32)
        y = self.exp_blocks(x, y)
        return y
