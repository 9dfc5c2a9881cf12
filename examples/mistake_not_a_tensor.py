# mistake_not_a_tensor.py: declaring a policy for a tile.
#
# Only reads of a tensor in global memory have a cache policy; `t` is a tile that
# `pl.load` already brought on chip. Fix: declare the policy for the tensor `a`, or
# write `pl.load(a, ..., cache=pl.CachePolicy.BYPASS)`.
#
# `pto-lsp check examples/mistake_not_a_tensor.py` reports error[PTO106]
# "pl.set_cache_policy() argument 't' is not a tensor (got TileType)" at `t`, and
# exits with status 1.
import pypto.language as pl


@pl.program
class NotATensor:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        with pl.at(level=pl.Level.CORE_GROUP):
            pl.set_cache_policy(t, pl.CachePolicy.BYPASS)
            out = pl.store(pl.exp(t), [0, 0], out)
        return out
