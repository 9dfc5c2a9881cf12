# Derived from pypto e2d0f78 tests/st/runtime/ops/test_memory_planner_ptoas.py (LoopAccumProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto import backend as _backend
from pypto import ir
from pypto.backend import BackendType
from pypto.backend.pto_backend import PartialCodegenError
from pypto.pypto_core.passes import MemoryPlanner

_COLVEC_ROWS = 64
_COLVEC_STEPS = 4
_MB_STEPS = 4
_MB_TN = 256


@pl.program
class LoopAccumProgram:
    """Loop-carried tile accumulator: acc must stay one buffer across iterations.

    Loads 4 chunks of 64x64 (all 2.0) and accumulates into a single carried
    tile via yield. Expected: c[:] = 4 * 2.0 = 8.0. This is the must-alias
    regression case for memory_planner=PTOAS.
    """

    @pl.function(type=pl.FunctionType.InCore)
    def kernel_accum(
        self,
        a: pl.Tensor[[1024, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        tile_init: pl.Tile[[256, 256], pl.FP32] = pl.load(a, [0, 0], [256, 256])
        for i, (acc,) in pl.range(1, 4, init_values=(tile_init,)):
            offset_i = i * 256
            tile_a: pl.Tile[[256, 256], pl.FP32] = pl.load(a, [offset_i, 0], [256, 256])
            tile_a_lp = pl.cast(tile_a, target_type=pl.FP16)
            new_acc: pl.Tile[[256, 256], pl.FP32] = pl.add(acc, tile_a_lp)
            result = pl.yield_(new_acc)
        out: pl.Tensor[[256, 256], pl.FP32] = pl.store(result, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[1024, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        c = self.kernel_accum(a, c)
        return c
