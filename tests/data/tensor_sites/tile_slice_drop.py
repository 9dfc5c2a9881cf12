import pypto.language as pl


@pl.program
class TensorSite:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        b: pl.Tensor[[64, 128], pl.FP32],
        h: pl.Tensor[[128, 64], pl.FP16],
        i: pl.Tensor[[128, 64], pl.INT32],
        v: pl.Tensor[[64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(a, [0, 0], [64, 64])
            u = pl.tile.slice(t, [1, 64], [0, 0], drop_dims=[0, 0])
            out = pl.store(t, [0, 0], out)
        return out
