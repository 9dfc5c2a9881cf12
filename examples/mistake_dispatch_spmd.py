# mistake_dispatch_spmd.py: a declaration on a `with pl.spmd(...)` that only dispatches a kernel.
#
# This spmd body calls `self.add_rows(...)`; the global-memory reads happen inside
# that kernel, so there is nothing here for the policy to attach to.
# Fix: declare it in the kernel (a `with pl.at(level=pl.Level.CORE_GROUP):` scope in
# its body), or use `pl.load(..., cache=pl.CachePolicy.BYPASS)` on the read itself.
#
# `pto-lsp check examples/mistake_dispatch_spmd.py` reports error[PTO102]
# "pl.set_cache_policy() has nothing to attach to on this Spmd scope" at the
# marker, and exits with status 1.
import pypto.language as pl


@pl.program
class DispatchSpmd:
    @pl.function(type=pl.FunctionType.InCore)
    def add_rows(
        self,
        a: pl.Tensor[[512, 128], pl.FP32],
        b: pl.Tensor[[512, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
        block_idx = pl.tile.get_block_idx()
        offset = block_idx * 128
        tile_a = pl.load(a, [offset, 0], [128, 128])
        tile_b = pl.load(b, [offset, 0], [128, 128])
        out = pl.store(pl.add(tile_a, tile_b), [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[512, 128], pl.FP32],
        b: pl.Tensor[[512, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.spmd(4):
            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
            out = self.add_rows(a, b, out)
        return out
