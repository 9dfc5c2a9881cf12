import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 128], pl.FP32], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                base = aiv_id * 64
                acc = pl.load(a, [base, 0], [64, 128])
                acc = pl.add(acc, acc)
                c = pl.store(acc, [base, 0], c)
            t = pl.load(a, [0, 0], [64, 128])
            c = pl.store(t, [64, 0], c)
        return c
