import pypto.language as pl


@pl.program
class BigCreate:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, x: pl.Tensor[[512, 512], pl.FP32], out: pl.Out[pl.Tensor[[512, 512], pl.FP32]]) -> pl.Tensor[[512, 512], pl.FP32]:
        buf = pl.create_tensor([512, 512], dtype=pl.FP32)
        out = pl.assemble(out, buf, [0, 0])
        return out
