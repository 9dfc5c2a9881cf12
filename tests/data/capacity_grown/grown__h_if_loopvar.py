import pypto.language as pl


@pl.program
class FirstBlockScaled:
    @pl.function(type=pl.FunctionType.InCore)
    def scale_first(
        self,
        x: pl.Tensor[[256, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[256, 128], pl.FP32]],
    ) -> pl.Tensor[[256, 128], pl.FP32]:
        for i in pl.range(4):
            t_blk: pl.Tile[[64, 128], pl.FP32] = pl.load(x, [i * 64, 0], [64, 128])
            if i == 0:
                r: pl.Tile[[64, 128], pl.FP32] = pl.mul(t_blk, 0.5)
            else:
                r: pl.Tile[[64, 128], pl.FP32] = pl.neg(t_blk)
            out = pl.store(r, [i * 64, 0], out)
        return out
