import pypto.language as pl


@pl.program
class PipelineTail:
    @pl.function(type=pl.FunctionType.InCore)
    def square_and_sum(
        self,
        x: pl.Tensor[[16, 1280], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 1280], pl.FP32]],
        total: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 1280], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
        acc = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
        for kb in pl.pipeline(10, stage=4):
            k0 = kb * 128
            t = pl.load(x, [0, k0], [16, 128])
            sq = pl.mul(t, t)
            acc = pl.add(acc, sq)
            y = pl.store(sq, [0, k0], y)
        total = pl.store(acc, [0, 0], total)
        return y, total

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 1280], pl.FP32]) -> pl.Tensor[[16, 1280], pl.FP32]:
        y = pl.create_tensor([16, 1280], dtype=pl.FP32)
        total = pl.create_tensor([16, 128], dtype=pl.FP32)
        y, total = self.square_and_sum(x, y, total)
        return y
