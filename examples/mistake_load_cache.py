# mistake_load_cache.py: a `cache=` value that is no cache policy.
#
# `cache=` takes pl.CachePolicy.DEFAULT or pl.CachePolicy.BYPASS (0 and 1 also work);
# there is no policy 2. Fix: `cache=pl.CachePolicy.BYPASS`.
#
# `pto-lsp check examples/mistake_load_cache.py` reports error[PTO110]
# "pl operation 'load': The operator tile.load cache kwarg must be
# CachePolicy.DEFAULT or CachePolicy.BYPASS, but got int 2" at the `pl.load(...)`
# call, and exits with status 1.
import pypto.language as pl


@pl.jit
def copy(a: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(a, [0, 0], [64, 64], cache=2)
        out = pl.store(t, [0, 0], out)
    return out
