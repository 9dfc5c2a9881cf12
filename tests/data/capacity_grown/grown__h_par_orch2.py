import pypto.language as pl


@pl.program
class Fanout:
    @pl.function(type=pl.FunctionType.InCore)
    def square(
        self,
        src: pl.Tensor[[256, 512], pl.BF16],
        off: pl.Scalar[pl.INDEX],
        dst: pl.Out[pl.Tensor[[256, 512], pl.BF16]],
    ) -> pl.Tensor[[256, 512], pl.BF16]:
        a: pl.Tile[[64, 512], pl.BF16] = pl.load(src, [off, 0], [64, 512])
        sq: pl.Tile[[64, 512], pl.BF16] = pl.mul(a, a)
        dst = pl.store(sq, [off, 0], dst)
        return dst

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        src: pl.Tensor[[256, 512], pl.BF16],
        dst: pl.Out[pl.Tensor[[256, 512], pl.BF16]],
    ) -> pl.Tensor[[256, 512], pl.BF16]:
        for b in pl.parallel(0, 4, 1):
            dst = self.square(src, b * 64, dst)
        return dst
