import pypto.language as pl

WIDTH = 256


@pl.program
class Gemm:
    @pl.function
    def main(
        self,
        x: pl.Tensor[[WIDTH, 512], pl.FP16],
        wt: pl.Tensor[[512, WIDTH], pl.FP16],
        y: pl.Out[pl.Tensor[[WIDTH, WIDTH], pl.FP32]],
    ) -> pl.Tensor[[WIDTH, WIDTH], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="gemm"):
            pass
            acc: pl.Tensor[[WIDTH, WIDTH], pl.FP32] = pl.matmul(x, wt, out_dtype=pl.FP32)
            y = pl.assemble(y, acc, [0, 0])
        return y
