# Derived from pypto e2d0f78 tests/st/runtime/framework_and_models/test_incore_array.py (IncoreArrayConditionalProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class IncoreArrayConditionalProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        cond_t: pl.Tensor[[1, 8], pl.INT32],
        src_t: pl.Tensor[[1, 128], pl.FP32],
        dst_t: pl.InOut[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        cond_tile: pl.Tile[[1, 8], pl.INT32] = pl.load(cond_t, [0, 0], [1, 8])
        src_tile: pl.Tile[[1, 128], pl.FP32] = pl.load(src_t, [0, 0], [1, 128])
        c: pl.Scalar[pl.INT32] = pl.tile.read(cond_tile, [0, 0])
        # Write the on-core array in both branches — both mutate the same
        # backing storage; the read after the IfStmt sees whichever branch ran.
        arr = pl.array.create(4, pl.INT32)
        if c > 0:
            arr[0] = c
        else:
            arr[0] = 1
        sel: pl.Scalar[pl.INT32] = arr[0]
        row_idx: pl.Scalar[pl.INDEX] = pl.cast(sel, pl.INDEX)
        return

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        cond_t: pl.Tensor[[1, 8], pl.INT32],
        src_t: pl.Tensor[[1, 128], pl.FP32],
        dst_t: pl.InOut[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        dst_t = self.kernel(cond_t, src_t, dst_t)
        return dst_t
