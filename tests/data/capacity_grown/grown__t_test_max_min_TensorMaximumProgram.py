# Derived from pypto e2d0f78 tests/st/runtime/ops/test_max_min.py (TensorMaximumProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl

M = 64
N = 64
SCALARS = [-2.5, 0.0, 2.5]


@pl.program
class TensorMaximumProgram:
    """Element-wise maximum of two FP32 tensors; lowers to tile.maximum."""

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        lhs: pl.Tensor[[M, N], pl.FP32],
        rhs: pl.Tensor[[M, N], pl.FP32],
        out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            rhs_lp = pl.cast(rhs, target_type=pl.FP16)
            out = pl.assemble(out, pl.tensor.maximum(lhs, rhs_lp), [0, 0])
        return out
