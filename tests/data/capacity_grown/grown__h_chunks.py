import pypto.language as pl


@pl.program
class Chunks:
    @pl.function(type=pl.FunctionType.InCore)
    def chunks(
        self,
        x: pl.Tensor[[512, 256], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[512, 256], pl.FP32]],
    ) -> pl.Tensor[[512, 256], pl.FP32]:
        for c in pl.range(n):
            t: pl.Tile([64, 256], pl.FP32) = pl.load(x, [c * 64, 0], [64, 256])
            e: pl.Tile[[64, 256], pl.FP32] = pl.exp(t)
            out = pl.store(e, [c * 64, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[512, 256], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[512, 256], pl.FP32]],
    ) -> pl.Tensor[[512, 256], pl.FP32]:
        out = self.chunks(x, n, out)
        return out
