import pypto.language as pl


@pl.program
class ScopeOverflow:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[128, 256], pl.FP32],
        b: pl.Tensor[[128, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[128, 256], pl.FP32]],
    ) -> pl.Tensor[[128, 256], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="add_scope"):
            c = pl.add(a, b)
            out = pl.assemble(out, c, [0, 0])
        return out
