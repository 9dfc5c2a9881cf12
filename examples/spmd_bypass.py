# spmd_bypass.py: a cache policy on an SPMD loop body (correct kernel).
#
# The body of `for i in pl.spmd(4):` becomes one InCore kernel run on 4 blocks, so
# a marker at the top level of that body applies to every block's reads of `b`.
#
# `pto-lsp check examples/spmd_bypass.py` reports nothing and exits with status 0.
import pypto.language as pl


@pl.program
class SpmdBypass:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        b: pl.Tensor[[512, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
        for i in pl.spmd(4):
            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
            offset = i * 128
            tile_b: pl.Tile[[128, 128], pl.FP32] = pl.load(b, [offset, 0], [128, 128])
            out = pl.store(tile_b, [offset, 0], out)
        return out
