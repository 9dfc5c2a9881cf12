import pypto.language as pl


@pl.program
class Stream:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        big: pl.Tensor[[2048, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[2048, 256], pl.FP32]],
    ) -> pl.Tensor[[2048, 256], pl.FP32]:
        for i in pl.spmd(4, name_hint="streamer"):
            pass
            off = i * 512
            blk: pl.Tile([512, 256], pl.FP32) = pl.load(big, [off, 0], [512, 256])
            out = pl.store(pl.mul(blk, 3.0), [off, 0], out)
        return out
