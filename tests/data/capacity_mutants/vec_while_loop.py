import pypto.language as pl


@pl.program
class GrownWhile:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_while_add(
        self,
        a: pl.Tensor[[512, 192], pl.FP32],
        b: pl.Tensor[[512, 192], pl.FP32],
        c: pl.Out[pl.Tensor[[512, 192], pl.FP32]],
    ) -> pl.Tensor[[512, 192], pl.FP32]:
        i: pl.Scalar[pl.INDEX] = 0
        while i < 4:
            offset_i = i * 128
            tile_a: pl.Tile[[128, 192], pl.FP32] = pl.load(a, [offset_i, 0], [128, 192])
            tile_b: pl.Tile[[128, 192], pl.FP32] = pl.load(b, [offset_i, 0], [128, 192])
            tile_c: pl.Tile[[128, 192], pl.FP32] = pl.add(tile_a, tile_b)
            out: pl.Tensor[[512, 192], pl.FP32] = pl.store(tile_c, [offset_i, 0], c)
            i = i + 1
        return out
