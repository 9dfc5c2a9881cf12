import pypto.language as pl


@pl.program
class GrownIf:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_if(
        self,
        a: pl.Tensor[[256, 256], pl.FP32],
        cond: pl.Scalar[pl.INT32],
        c: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        tile_a: pl.Tile[[256, 256], pl.FP32] = pl.load(a, [0, 0], [256, 256])
        if cond == 1:
            tile_a: pl.Tile[[256, 256], pl.FP32] = pl.mul(tile_a, 2.0)
        else:
            tile_a: pl.Tile[[256, 256], pl.FP32] = pl.mul(tile_a, 3.0)
        out: pl.Tensor[[256, 256], pl.FP32] = pl.store(tile_a, [0, 0], c)
        return out
