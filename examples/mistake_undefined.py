# mistake_undefined.py: declaring a policy for a tensor the scope itself creates.
#
# A declaration names a tensor that exists where the scope starts (a parameter or an
# earlier assignment); `c` is only created inside the scope, although the marker is
# written after it. Fix: declare the policy for the inputs `a` or `b`.
#
# `pto-lsp check examples/mistake_undefined.py` reports error[PTO105]
# "pl.set_cache_policy() argument 'c' is not defined at this point" at the
# marker, and exits with status 1.
import pypto.language as pl


@pl.program
class Undefined:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[128, 128], pl.FP32],
        b: pl.Tensor[[128, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            pl.set_cache_policy(c, pl.CachePolicy.BYPASS)
            out = pl.assemble(out, c, [0, 0])
        return out
