# mistake_keyword_form.py: the policy passed as a keyword argument.
#
# `pl.set_cache_policy` takes exactly two positional arguments: the tensor and the
# policy. Fix: `pl.set_cache_policy(b, pl.CachePolicy.BYPASS)`.
#
# `pto-lsp check examples/mistake_keyword_form.py` reports error[PTO103]
# "pl.set_cache_policy() takes exactly two positional arguments (no keywords)" at
# the marker, and exits with status 1.
import pypto.language as pl


@pl.jit
def project(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
        pl.set_cache_policy(b, policy=pl.CachePolicy.BYPASS)
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out = pl.assemble(out, c, [0, 0])
    return out
