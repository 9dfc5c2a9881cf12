import pypto.language as pl


@pl.program
class RowAccumulate:
    @pl.function(type=pl.FunctionType.InCore)
    def accumulate(
        self,
        x: pl.Tensor[[256, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 256], pl.FP32]],
    ) -> pl.Tensor[[64, 256], pl.FP32]:
        first: pl.Tile([64, 256], pl.FP32) = pl.load(x, [0, 0], [64, 256])
        for i, (acc,) in pl.range(1, 4, init_values=(first,)):
            t: pl.Tile[[64, 256], pl.FP32] = pl.load(x, [i * 64, 0], [64, 256])
            nxt: pl.Tile[[64, 256], pl.FP32] = pl.add(acc, t)
            total = pl.yield_(nxt)
        out = pl.store(total, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[256, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 256], pl.FP32]],
    ) -> pl.Tensor[[64, 256], pl.FP32]:
        out = self.accumulate(x, out)
        return out
