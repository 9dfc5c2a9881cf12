# Derived from pypto e2d0f78 tests/st/runtime/ops/test_scalar_write_transpose.py (TensorScalarWriteTransposeFP32Program); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy

ROWS = 64
COLS = 128
TOPK = 2
VALUE_COUNT = ROWS * TOPK


@pl.program
class TensorScalarWriteTransposeFP32Program:
    @pl.function(type=pl.FunctionType.InCore)
    def init(
        self,
        table: pl.InOut[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        tile: pl.Tile[[ROWS, COLS], pl.FP32] = pl.tile.full([ROWS, COLS], dtype=pl.FP32, value=-1.0)
        return pl.store(tile, [0, 0], table)

    @pl.function(type=pl.FunctionType.InCore)
    def write_table(
        self,
        vals: pl.Tensor[[VALUE_COUNT], pl.FP32],
        table: pl.InOut[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        for k in pl.unroll(TOPK):
            for t in pl.unroll(ROWS):
                val: pl.Scalar[pl.FP32] = pl.read(vals, [k * ROWS + t])
                table = pl.write(table, [t, k], val)
        return table

    @pl.function(type=pl.FunctionType.InCore)
    def copy_out(
        self,
        table: pl.Tensor[[ROWS, COLS], pl.FP32],
        dst: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        tile: pl.Tile[[ROWS, COLS], pl.FP32] = pl.load(table, [0, 0], [ROWS, COLS])
        return pl.store(tile, [0, 0], dst)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        vals: pl.Tensor[[VALUE_COUNT], pl.FP32],
        dst: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        table = pl.create_tensor([ROWS, COLS], dtype=pl.FP32)
        table = self.init(table)
        table = self.write_table(vals, table)
        dst = self.copy_out(table, dst)
        probe = pl.add(dst, dst)
        return dst
