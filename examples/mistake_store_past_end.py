# mistake_store_past_end.py: a tile stored past the end of its target.
#
# `out` has 32 rows. The second half of the rows is stored at row offset 32, one
# block too far: rows 32..47 do not exist. Fix: store it at `[16, 0]`.
#
# `pto-lsp check examples/mistake_store_past_end.py` reports error[PTO504]
# "pl operation 'store': tile.store writes past the end of dimension 0: offset 32
# + extent 16 exceeds the target extent 32. A store performs no layout conversion
# (RFC #1300 P7): the offsets and the tile extent must already be in the
# destination's coordinate system. If the tile was read through a view whose layout
# differs from the destination's -- a DN view transposes it -- take the matching
# view of the destination, pl.view(out, layout=...), and store into that" at the
# second `pl.store(...)` call, and exits with status 1.
import pypto.language as pl


@pl.program
class Halves:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        top = pl.load(x, [0, 0], [16, 64])
        bottom = pl.load(x, [16, 0], [16, 64])
        out = pl.store(pl.mul(top, 2.0), [0, 0], out)
        out = pl.store(pl.mul(bottom, 2.0), [32, 0], out)
        return out
