import pypto.language as pl


@pl.program
class StripedCopy:
    @pl.function(type=pl.FunctionType.InCore)
    def stripes(
        self,
        src: pl.Tensor[[48, 256], pl.FP32],
        bias: pl.Tensor[[64, 256], pl.FP32],
        dst: pl.Out[pl.Tensor[[48, 256], pl.FP32]],
    ) -> pl.Tensor[[48, 256], pl.FP32]:
        b_blk: pl.Tile[[64, 256], pl.FP32] = pl.load(bias, [0, 0], [64, 256])
        s0: pl.Tile[[64, 256], pl.FP32] = pl.load(src, [0, 0], [64, 256])
        s1: pl.Tile[[64, 256], pl.FP32] = pl.load(src, [64, 0], [64, 256])
        s2: pl.Tile[[64, 256], pl.FP32] = pl.load(src, [128, 0], [64, 256])
        t0: pl.Tile[[64, 256], pl.FP32] = pl.add(s0, b_blk)
        t1: pl.Tile[[64, 256], pl.FP32] = pl.add(s1, b_blk)
        t2: pl.Tile[[64, 256], pl.FP32] = pl.add(s2, b_blk)
        d0: pl.Tensor[[48, 256], pl.FP32] = pl.store(t0, [0, 0], dst)
        d1: pl.Tensor[[48, 256], pl.FP32] = pl.store(t1, [64, 0], d0)
        d2: pl.Tensor[[48, 256], pl.FP32] = pl.store(t2, [128, 0], d1)
        return d2
