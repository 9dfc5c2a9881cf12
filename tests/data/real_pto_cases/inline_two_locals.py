import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Inline)
    def square(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        y: pl.Tensor[[4], pl.FP32] = pl.mul(x, x)
        z: pl.Tensor[[4], pl.FP32] = pl.add(y, y)
        return z

    @pl.function(type=pl.FunctionType.Inline)
    def write_out(self, x: pl.Tensor[[4], pl.FP32], out: pl.Out[pl.Tensor[[4], pl.FP32]]) -> pl.Tensor[[4], pl.FP32]:
        out = pl.tensor.assemble(out, x, [0])
        return out

    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32], ext: pl.Out[pl.Tensor[[4], pl.FP32]]) -> pl.Tensor[[4], pl.FP32]:
        a2: pl.Tensor[[4], pl.FP32] = self.square(a)
        b2: pl.Tensor[[4], pl.FP32] = self.square(a2)
        self.write_out(b2, ext)
        return b2
