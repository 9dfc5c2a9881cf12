# Derived from pypto e2d0f78 tests/st/runtime/ops/test_memory_planner_ptoas.py (ElementwiseAddProgram); CANN Open Software License Agreement v2.0
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
class ElementwiseAddProgram:
    """c = a + b on a single 64x64 tile (no aliasing — basic PTOAS path)."""

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[256, 256], pl.FP32],
        b: pl.Tensor[[256, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        ta: pl.Tile[[256, 256], pl.FP32] = pl.load(a, [0, 0], [256, 256])
        tb: pl.Tile[[256, 256], pl.FP32] = pl.load(b, [0, 0], [256, 256])
        tb_lp = pl.cast(tb, target_type=pl.FP16)
        tc: pl.Tile[[256, 256], pl.FP32] = pl.add(ta, tb_lp)
        c = pl.store(tc, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[256, 256], pl.FP32],
        b: pl.Tensor[[256, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        c = self.kernel(a, b, c)
        return c
