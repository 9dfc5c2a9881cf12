import pypto.language as pl


@pl.program
class LargeTensorMatmul:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[256, 128], pl.FP32],
        b: pl.Tensor[[128, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        return out
