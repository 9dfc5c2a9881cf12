# coherency_hint.py: a bypassing read of a tensor the same program wrote through the
# cache (pto-lsp's own coherency hint).
#
# `produce` writes `mid` with ordinary, cached stores. The pl.spmd body then reads
# `mid` with CachePolicy.BYPASS, straight from memory: the bytes `produce` wrote may
# still sit in L2, and the read may see stale data. The real compiler accepts it (and
# compiles BYPASS as a cached access today, PTO301); pto-lsp warns:
#
#   warning[PTO302] tensor 'mid' is read with CachePolicy.BYPASS in kernel
#   'main_incore_0', but kernel 'produce' (called 2 lines above) writes it through
#   the cache before this read
#
# The quick fix reads `mid` with the default policy (it removes the declaration).
import pypto.language as pl


@pl.program
class CoherencyHint:
    @pl.function(type=pl.FunctionType.InCore)
    def produce(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        mid: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        mid = pl.store(pl.mul(t, 2.0), [0, 0], mid)
        return mid

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        mid: pl.InOut[pl.Tensor[[64, 64], pl.FP32]],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        mid = self.produce(x, mid)
        for i in pl.spmd(4):
            pl.set_cache_policy(mid, pl.CachePolicy.BYPASS)
            m: pl.Tile[[16, 64], pl.FP32] = pl.load(mid, [i * 16, 0], [16, 64])
            out = pl.store(m, [i * 16, 0], out)
        return out
