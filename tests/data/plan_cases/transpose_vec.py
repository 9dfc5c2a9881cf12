import pypto.language as pl


@pl.program
class TransposeVec:
    @pl.function(type=pl.FunctionType.InCore)
    def flip(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
    ) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 64])
        u = pl.add(t, 1.0)
        f = pl.transpose(u, axis1=0, axis2=1)
        g = pl.mul(f, 2.0)
        out = pl.store(g, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        c = pl.create_tensor([64, 32], dtype=pl.FP32)
        c = self.flip(a, c)
        return c
