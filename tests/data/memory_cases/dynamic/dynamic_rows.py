import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class DynamicRows:
    @pl.function(type=pl.FunctionType.InCore)
    def add_rows(
        self,
        a: pl.Tensor[[M, 256], pl.FP32],
        b: pl.Tensor[[M, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[M, 256], pl.FP32]],
    ) -> pl.Tensor[[M, 256], pl.FP32]:
        for i in pl.range(4):
            ta = pl.load(a, [i * 32, 0], [32, 256])
            tb = pl.load(b, [i * 32, 0], [32, 256])
            tc = pl.add(ta, tb)
            td = pl.mul(tc, ta)
            c = pl.store(td, [i * 32, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self, a: pl.Tensor[[M, 256], pl.FP32], b: pl.Tensor[[M, 256], pl.FP32]
    ) -> pl.Tensor[[M, 256], pl.FP32]:
        c = pl.create_tensor([128, 256], dtype=pl.FP32)
        c = self.add_rows(a, b, c)
        return c
