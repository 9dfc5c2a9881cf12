# Derived from pypto e2d0f78 tests/st/runtime/framework_and_models/test_benchmark_st.py (AddProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
import pypto.language.distributed as pld
from pypto import ir
from pypto.ir.distributed_compiled_program import DistributedConfig
from pypto.runtime import RunConfig, benchmark

_M = 512
_L3_ROWS = 64
_L3_COLS = 128


@pl.program
class AddProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_add(
        self,
        a: pl.Tensor[[_M, _M], pl.FP32],
        b: pl.Tensor[[_M, _M], pl.FP32],
        c: pl.Out[pl.Tensor[[_M, _M], pl.FP32]],
    ) -> pl.Tensor[[_M, _M], pl.FP32]:
        ta = pl.load(a, [0, 0], [_M, _M])
        tb = pl.load(b, [0, 0], [_M, _M])
        return pl.store(pl.add(ta, tb), [0, 0], c)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch_add(
        self,
        a: pl.Tensor[[_M, _M], pl.FP32],
        b: pl.Tensor[[_M, _M], pl.FP32],
        c: pl.Out[pl.Tensor[[_M, _M], pl.FP32]],
    ) -> pl.Tensor[[_M, _M], pl.FP32]:
        return self.tile_add(a, b, 0)
