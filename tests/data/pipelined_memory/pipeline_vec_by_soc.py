import pypto.language as pl


@pl.program
class PipelineBySoc:
    @pl.function(type=pl.FunctionType.InCore)
    def widen_and_square(
        self,
        x: pl.Tensor[[32, 2048], pl.BF16],
        y: pl.Out[pl.Tensor[[32, 2048], pl.FP32]],
    ) -> pl.Tensor[[32, 2048], pl.FP32]:
        for kb in pl.pipeline(8, stage=4):
            k0 = kb * 256
            t = pl.load(x, [0, k0], [32, 256])
            wide = pl.cast(t, target_type=pl.FP32)
            squared = pl.mul(wide, wide)
            y = pl.store(squared, [0, k0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 2048], pl.BF16]) -> pl.Tensor[[32, 2048], pl.FP32]:
        y = pl.create_tensor([32, 2048], dtype=pl.FP32)
        y = self.widen_and_square(x, y)
        return y
