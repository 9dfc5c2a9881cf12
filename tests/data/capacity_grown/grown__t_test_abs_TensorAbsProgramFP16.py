# Derived from pypto e2d0f78 tests/st/runtime/ops/test_abs.py (TensorAbsProgramFP16); CANN Open Software License Agreement v2.0
import pypto.language as pl

M = 64
N = 64
LARGE_M = 256
LARGE_N = 512


@pl.program
class TensorAbsProgramFP16:
    """Tensor-level absolute value, FP16 (lowered to tile.abs by ConvertTensorToTileOps)."""

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        x: pl.Tensor[[M, N], pl.FP16],
        out: pl.Out[pl.Tensor[[M, N], pl.FP16]],
    ) -> pl.Tensor[[M, N], pl.FP16]:
        with pl.at(
            level=pl.Level.CORE_GROUP,
            optimizations=[pl.split(pl.SplitMode.UP_DOWN)],
        ):
            y = pl.abs(x)
            out = pl.assemble(out, source=y, offset=[0, 0])
        return out
