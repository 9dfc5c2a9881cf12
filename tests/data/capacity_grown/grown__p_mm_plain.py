import pypto.language as pl

ROWS, INNER, COLS = 512, 256, 1024


@pl.program
class WeightStream:
    @pl.function
    def main(
        self,
        act: pl.Tensor[[ROWS, INNER], pl.FP16],
        weight: pl.Tensor[[INNER, COLS], pl.FP16],
        res: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        with pl.at(pl.Level.CORE_GROUP, name_hint="proj"):
            acc: pl.Tensor[[ROWS, COLS], pl.FP32] = pl.matmul(act, weight, out_dtype=pl.FP32)
            res = pl.assemble(res, acc, [0, 0])
        return res
