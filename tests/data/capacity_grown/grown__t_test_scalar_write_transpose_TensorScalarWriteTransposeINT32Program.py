# Derived from pypto e2d0f78 tests/st/runtime/ops/test_scalar_write_transpose.py (TensorScalarWriteTransposeINT32Program); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy

ROWS = 64
COLS = 128
TOPK = 2
VALUE_COUNT = ROWS * TOPK


@pl.program
class TensorScalarWriteTransposeINT32Program:
    @pl.function(type=pl.FunctionType.InCore)
    def init(
        self,
        table: pl.InOut[pl.Tensor[[ROWS, COLS], pl.INT32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.INT32]:
        tile: pl.Tile[[ROWS, COLS], pl.INT32] = pl.tile.full([ROWS, COLS], value=-7, dtype=pl.INT32)
        return pl.store(tile, [0, 0], table)

    @pl.function(type=pl.FunctionType.InCore)
    def write_table(
        self,
        vals: pl.Tensor[[VALUE_COUNT], pl.INT32],
        table: pl.InOut[pl.Tensor[[ROWS, COLS], pl.INT32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.INT32]:
        for k in pl.unroll(TOPK):
            for t in pl.unroll(ROWS):
                val: pl.Scalar[pl.INT32] = pl.read(vals, [k * ROWS + t])
                table = pl.write(table, [t, k], val)
        return table

    @pl.function(type=pl.FunctionType.InCore)
    def copy_out(
        self,
        table: pl.Tensor[[ROWS, COLS], pl.INT32],
        dst: pl.Out[pl.Tensor[[ROWS, COLS], pl.INT32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.INT32]:
        tile: pl.Tile[[ROWS, COLS], pl.INT32] = pl.load(table, [0, 0], [ROWS, COLS])
        return pl.store(tile, [0, 0], dst)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        vals: pl.Tensor[[VALUE_COUNT], pl.INT32],
        dst: pl.Out[pl.Tensor[[ROWS, COLS], pl.INT32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.INT32]:
        table = pl.create_tensor([ROWS, COLS], dtype=pl.INT32)
        table = self.init(table)
        table = self.write_table(vals, table)
        dst = self.copy_out(table, dst)
        return dst
