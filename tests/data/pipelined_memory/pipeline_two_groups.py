import pypto.language as pl


@pl.program
class PipelineTwoGroups:
    @pl.function(type=pl.FunctionType.InCore)
    def widen_twice(
        self,
        x: pl.Tensor[[32, 2048], pl.BF16],
        y: pl.Out[pl.Tensor[[32, 2048], pl.FP32]],
        z: pl.Out[pl.Tensor[[32, 2048], pl.FP32]],
    ) -> tuple[pl.Tensor[[32, 2048], pl.FP32], pl.Tensor[[32, 2048], pl.FP32]]:
        for kb in pl.pipeline(8, stage=4):
            k0 = kb * 256
            t = pl.load(x, [0, k0], [32, 256])
            wide = pl.cast(t, target_type=pl.FP32)
            scaled = pl.mul(wide, wide)
            y = pl.store(scaled, [0, k0], y)
        for jb in pl.pipeline(8, stage=2):
            j0 = jb * 256
            u = pl.load(x, [0, j0], [32, 256])
            wide_u = pl.cast(u, target_type=pl.FP32)
            z = pl.store(wide_u, [0, j0], z)
        return y, z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self, x: pl.Tensor[[32, 2048], pl.BF16]
    ) -> tuple[pl.Tensor[[32, 2048], pl.FP32], pl.Tensor[[32, 2048], pl.FP32]]:
        y = pl.create_tensor([32, 2048], dtype=pl.FP32)
        z = pl.create_tensor([32, 2048], dtype=pl.FP32)
        y, z = self.widen_twice(x, y, z)
        return y, z
