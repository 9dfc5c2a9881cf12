import pypto.language as pl


@pl.program
class CastChain:
    @pl.function(type=pl.FunctionType.InCore)
    def narrow(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP16]],
    ) -> pl.Tensor[[64, 64], pl.FP16]:
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.cast(pl.cast(t, target_type=pl.UINT8), target_type=pl.FP16)
        out = pl.store(u, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def native(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP16]],
    ) -> pl.Tensor[[64, 64], pl.FP16]:
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.cast(t, target_type=pl.FP16)
        out = pl.store(u, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP16]],
    ) -> pl.Tensor[[64, 64], pl.FP16]:
        out = self.narrow(a, out)
        out = self.native(a, out)
        return out
