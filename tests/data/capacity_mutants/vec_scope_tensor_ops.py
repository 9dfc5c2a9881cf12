import pypto.language as pl


@pl.program
class GrownScope:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[256, 256], pl.FP32],
        b: pl.Tensor[[256, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            s = pl.add(a, b)
            c = pl.assemble(c, s, [0, 0])
        return c
