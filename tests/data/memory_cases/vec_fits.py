import pypto.language as pl


@pl.program
class Fits:
    @pl.function(type=pl.FunctionType.InCore)
    def add_big(
        self,
        a: pl.Tensor[[64, 256], pl.FP32],
        b: pl.Tensor[[64, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 256], pl.FP32]],
    ) -> pl.Tensor[[64, 256], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 256])
        tb = pl.load(b, [0, 0], [64, 256])
        tc = pl.add(ta, tb)
        out = pl.store(tc, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self, a: pl.Tensor[[64, 256], pl.FP32], b: pl.Tensor[[64, 256], pl.FP32]
    ) -> pl.Tensor[[64, 256], pl.FP32]:
        c = pl.create_tensor([64, 256], dtype=pl.FP32)
        c = self.add_big(a, b, c)
        return c
