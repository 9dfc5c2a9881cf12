# Derived from pypto e2d0f78 tests/st/runtime/ops/test_reinterpret_view.py (NarrowerElementReinterpretProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.pypto_core.passes import MemoryPlanner

ROWS = 8
COLS = 64


@pl.program
class NarrowerElementReinterpretProgram:
    """Reinterpret FP32 as INT16 and infer twice as many columns."""

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        data: pl.Tensor[[ROWS, COLS], pl.FP32],
        output: pl.Out[pl.Tensor[[ROWS, COLS * 2], pl.INT16]],
    ) -> pl.Tensor[[ROWS, COLS * 2], pl.INT16]:
        source: pl.Tile[[ROWS, COLS], pl.FP32] = pl.load(data, [data, 0], [ROWS, COLS])
        viewed: pl.Tile[[ROWS, COLS * 2], pl.INT16] = pl.reinterpret_view(source, pl.INT16)
        return pl.store(viewed, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        data: pl.Tensor[[ROWS, COLS], pl.FP32],
        output: pl.Out[pl.Tensor[[ROWS, COLS * 2], pl.INT16]],
    ) -> pl.Tensor[[ROWS, COLS * 2], pl.INT16]:
        return self.kernel(data, output)
