import pypto.language as pl


@pl.program
class MixedC2VLoop:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        b: pl.Tensor[[64, 256], pl.FP32],
        c: pl.Tensor[[32, 256], pl.FP32],
    ) -> pl.Tensor[[32, 256], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for i in pl.range(0, 4):
                n0 = i * 64
                c_prev = pl.slice(c, [32, 64], [0, n0])
                b_chunk = pl.slice(b, [64, 64], [0, n0])
                c_next = pl.add(c_prev, pl.matmul(a, b_chunk))
                c = pl.assemble(c, c_next, [0, n0])
        return c
