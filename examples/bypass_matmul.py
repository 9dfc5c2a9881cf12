# bypass_matmul.py: declare a cache policy for a whole scope (correct kernel).
#
# `pl.set_cache_policy(b, pl.CachePolicy.BYPASS)` sits directly inside the
# CORE_GROUP scope, so every global-memory read of `b` in that scope streams past
# the cache; `a` keeps the ordinary cached access.
#
# `pto-lsp check examples/bypass_matmul.py` reports nothing and exits with status 0.
import pypto.language as pl


@pl.program
class BypassMatmul:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[256, 128], pl.FP32],
        b: pl.Tensor[[128, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)  # every read of b streams
            c: pl.Tensor[[256, 256], pl.FP32] = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        return out
