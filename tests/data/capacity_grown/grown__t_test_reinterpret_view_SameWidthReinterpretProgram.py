# Derived from pypto e2d0f78 tests/st/runtime/ops/test_reinterpret_view.py (SameWidthReinterpretProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.pypto_core.passes import MemoryPlanner

ROWS = 8
COLS = 64


@pl.program
class SameWidthReinterpretProgram:
    """Reinterpret FP32 as INT32 without changing the logical shape."""

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        data: pl.Tensor[[ROWS, COLS], pl.FP32],
        output: pl.Out[pl.Tensor[[ROWS, COLS], pl.INT32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.INT32]:
        source: pl.Tile[[ROWS, COLS], pl.FP32] = pl.load(data, [0, 0], [ROWS, COLS])
        viewed: pl.Tile[[ROWS, COLS], pl.INT32] = pl.reinterpret_view(source, pl.INT32)
        return pl.store(viewed, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        data: pl.Tensor[[ROWS, COLS], pl.FP32],
        output: pl.Out[pl.Tensor[[ROWS, COLS], pl.INT32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.INT32]:
        return self.kernel(output, data)
