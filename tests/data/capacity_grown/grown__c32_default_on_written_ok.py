import pypto.language as pl


@pl.program
class DefaultOnWrites:
    @pl.function
    def main(
        self,
        delta: pl.Tensor[[128, 128], pl.FP32],
        acc: pl.Tensor[[128, 128], pl.FP32],
        log: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(pl.Level.CORE_GROUP, name_hint="acc_default"):
            pass
            pass
            s: pl.Tensor[[128, 128], pl.FP32] = pl.add(acc, delta)
            acc = pl.assemble(acc, s, [0, 0])
            log = pl.assemble(log, delta, [0, 0])
        return acc
