# pypto.program: P
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32], ext: pl.Out[pl.Tensor[[4], pl.FP32]]) -> pl.Tensor[[4], pl.FP32]:
        y_inline1: pl.Tensor[[4], pl.FP32] = pl.tensor.mul(a, a)
        z_inline0: pl.Tensor[[4], pl.FP32] = pl.tensor.add(y_inline1, y_inline1)
        a2: pl.Tensor[[4], pl.FP32] = z_inline0
        y_inline3: pl.Tensor[[4], pl.FP32] = pl.tensor.mul(a2, a2)
        z_inline2: pl.Tensor[[4], pl.FP32] = pl.tensor.add(y_inline3, y_inline3)
        b2: pl.Tensor[[4], pl.FP32] = z_inline2
        ext: pl.Tensor[[4], pl.FP32] = pl.tensor.assemble(ext, b2, [0])
        return b2
