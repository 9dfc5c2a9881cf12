import pypto.language as pl


@pl.program
class PrefetchRank0:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        s: pl.Tensor[[], pl.FP32],
        a: pl.Tensor[[1, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 128], pl.FP32]],
    ) -> pl.Tensor[[1, 128], pl.FP32]:
        ctx = pl.prefetch.make_context()
        evt = pl.prefetch.async_prefetch(s, ctx)
        t = pl.load(a, [0, 0], [1, 128])
        out = pl.store(t, [0, 0], out)
        return out
