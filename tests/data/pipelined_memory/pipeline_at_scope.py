import pypto.language as pl


@pl.program
class PipelineAtScope:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        x: pl.Tensor[[32, 2048], pl.BF16],
        y: pl.Out[pl.Tensor[[32, 2048], pl.FP32]],
    ) -> pl.Tensor[[32, 2048], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="widen_and_square"):
            for kb in pl.pipeline(8, stage=4):
                k0 = kb * 256
                t = pl.load(x, [0, k0], [32, 256])
                wide = pl.cast(t, target_type=pl.FP32)
                squared = pl.mul(wide, wide)
                y = pl.store(squared, [0, k0], y)
        return y
