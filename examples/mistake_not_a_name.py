# mistake_not_a_name.py: declaring a policy for a slice instead of a tensor.
#
# The declaration follows one variable, so its first argument must be a bare name;
# `b[0:64, :]` names no variable. Fix: declare it for `b`, or put
# `cache=pl.CachePolicy.BYPASS` on the loads of that half.
#
# `pto-lsp check examples/mistake_not_a_name.py` reports error[PTO104]
# "pl.set_cache_policy() first argument must be a bare variable name" at
# `b[0:64, :]`, and exits with status 1.
import pypto.language as pl


@pl.jit
def project(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
        pl.set_cache_policy(b[0:64, :], pl.CachePolicy.BYPASS)
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out = pl.assemble(out, c, [0, 0])
    return out
