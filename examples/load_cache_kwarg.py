# load_cache_kwarg.py: choose the cache policy of single reads with `cache=` (correct kernel).
#
# An explicit `cache=` on `pl.load` wins over the scope's declaration, in both
# directions: `x_tile` streams although `x` has no declaration, and `hot` is cached
# although `b` is declared BYPASS. `rest` states nothing, so it gets the scope's BYPASS.
#
# `pto-lsp check examples/load_cache_kwarg.py` reports nothing and exits with status 0.
import pypto.language as pl


@pl.jit
def blend(x: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="blend"):
        pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
        x_tile = pl.load(x, [0, 0], [32, 32], cache=pl.CachePolicy.BYPASS)  # streams
        hot = pl.load(b, [0, 0], [32, 32], cache=pl.CachePolicy.DEFAULT)  # cached anyway
        rest = pl.load(b, [32, 0], [32, 32])  # BYPASS, from the declaration
        total = pl.add(pl.add(x_tile, hot), rest)
        out = pl.store(total, [0, 0], out)
    return out
