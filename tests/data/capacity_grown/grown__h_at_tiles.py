import pypto.language as pl


@pl.program
class AtTiles:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[256, 256], pl.FP32],
        b: pl.Tensor[[256, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        for r in pl.range(0, 256, 128):
            with pl.at(pl.Level.CORE_GROUP, name_hint="rows"):
                ta: pl.Tile[[128, 256], pl.FP32] = pl.load(a, [r, 0], [128, 256])
                tb: pl.Tile[[128, 256], pl.FP32] = pl.load(b, [r, 0], [128, 256])
                d: pl.Tile[[128, 256], pl.FP32] = pl.maximum(ta, tb)
                out = pl.store(d, [r, 0], out)
        return out
