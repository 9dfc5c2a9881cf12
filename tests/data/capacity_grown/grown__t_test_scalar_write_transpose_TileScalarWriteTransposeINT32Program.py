# Derived from pypto e2d0f78 tests/st/runtime/ops/test_scalar_write_transpose.py (TileScalarWriteTransposeINT32Program); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy

ROWS = 64
COLS = 128
TOPK = 2
VALUE_COUNT = ROWS * TOPK


@pl.program
class TileScalarWriteTransposeINT32Program:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        vals: pl.Tensor[[VALUE_COUNT], pl.INT32],
        dst: pl.Out[pl.Tensor[[ROWS, COLS], pl.INT32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.INT32]:
        tile: pl.Tile[[ROWS, COLS], pl.INT32] = pl.tile.full([ROWS, COLS], dtype=pl.INT32, value=-7)
        for k in pl.unroll(0, TOPK, 1, 1):
            for t in pl.unroll(ROWS):
                val: pl.Scalar[pl.INT32] = pl.read(vals, [k * ROWS + t])
                pl.write(tile, [t, k], val)
        return pl.store(tile, [0, 0], dst)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        vals: pl.Tensor[[VALUE_COUNT], pl.INT32],
        dst: pl.Out[pl.Tensor[[ROWS, COLS], pl.INT32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.INT32]:
        dst = self.kernel(vals, dst)
        return dst
