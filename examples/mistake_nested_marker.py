# mistake_nested_marker.py: a declaration nested in a loop inside the scope.
#
# A cache policy describes the whole scope, so it must be a statement directly in
# the scope body; inside the `for` it would be a promise made only on some paths.
# Fix: move the marker up one level, next to `with pl.at(...)`.
#
# `pto-lsp check examples/mistake_nested_marker.py` reports error[PTO101]
# "pl.set_cache_policy() must be a standalone statement directly inside a
# pl.at(...) / pl.spmd(...) scope body" at the marker, and exits with status 1.
import pypto.language as pl


@pl.program
class NestedMarker:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[128, 128], pl.FP32],
        b: pl.Tensor[[128, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for k in pl.range(2):
                pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
                offset = k * 64
                tile_a = pl.load(a, [offset, 0], [64, 128])
                tile_b = pl.load(b, [offset, 0], [64, 128])
                out = pl.store(pl.add(tile_a, tile_b), [offset, 0], out)
        return out
