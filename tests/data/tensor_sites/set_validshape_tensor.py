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
            x = pl.set_validshape(pl.slice(a, [64, 64], [0, 0]), v, 64)
            out = pl.assemble(out, a, [0, 0])
        return out
