import pypto.language as pl


@pl.program
class PrefetchThreeD:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[1, 2, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 2, 64], pl.FP32]],
    ) -> pl.Tensor[[1, 2, 64], pl.FP32]:
        ctx = pl.prefetch.make_context()
        evt = pl.prefetch.async_prefetch(a, ctx)
        session = pl.prefetch.session(ctx)
        pl.prefetch.wait(evt, session)
        t = pl.load(a, [0, 0, 0], [1, 2, 64])
        out = pl.store(t, [0, 0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[1, 2, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 2, 64], pl.FP32]],
    ) -> pl.Tensor[[1, 2, 64], pl.FP32]:
        out = self.kernel(a, out)
        return out
