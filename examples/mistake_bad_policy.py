# mistake_bad_policy.py: policies that are not members of pl.CachePolicy.
#
# The policy is written as `pl.CachePolicy.DEFAULT` or `pl.CachePolicy.BYPASS`;
# nothing else is evaluated. Fix: spell the member out in full.
#
# `pto-lsp check examples/mistake_bad_policy.py` reports two errors and exits with
# status 1:
#   error[PTO109] "Unknown CachePolicy value: BYPAS" at `pl.CachePolicy.BYPAS` (a typo);
#   error[PTO108] "Expected pl.CachePolicy.<name>" at `1` (an int, not the enum).
import pypto.language as pl


@pl.jit
def typo(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="typo"):
        pl.set_cache_policy(b, pl.CachePolicy.BYPAS)
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out = pl.assemble(out, c, [0, 0])
    return out


@pl.jit
def number(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="number"):
        pl.set_cache_policy(b, 1)
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out = pl.assemble(out, c, [0, 0])
    return out
