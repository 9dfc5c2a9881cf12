# mistake_conflict.py: two different policies for one tensor in one scope.
#
# One tensor takes one policy per scope. Fix: drop one of the declarations, or use
# `pl.load(..., cache=...)` to choose the policy of single reads.
#
# `pto-lsp check examples/mistake_conflict.py` reports error[PTO107]
# "pl.set_cache_policy() declares conflicting policies for 'b' in one scope:
# BYPASS then DEFAULT" at the second marker, and exits with status 1.
import pypto.language as pl


@pl.jit
def project(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
        pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
        pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out = pl.assemble(out, c, [0, 0])
    return out
