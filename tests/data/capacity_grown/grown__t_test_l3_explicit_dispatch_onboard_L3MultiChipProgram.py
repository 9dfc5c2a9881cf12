# Derived from pypto e2d0f78 tests/st/distributed/test_l3_explicit_dispatch_onboard.py (L3MultiChipProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto import ir
from pypto.ir.distributed_compiled_program import DistributedCompiledProgram, DistributedConfig
from pypto.runtime import DistributedWorker, RunConfig

M = 512
_LEAK_LOGGER = "pypto.runtime.runtime_base"


@pl.program
class L3MultiChipProgram:
    """Two-chip L3: chip 0 computes ``a + b``, chip 1 computes ``a - b``."""

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        a: pl.Tensor[[M, M], pl.FP32],
        b: pl.Tensor[[M, M], pl.FP32],
        sum_buf: pl.Out[pl.Tensor[[M, M], pl.FP32]],
        sub_buf: pl.Out[pl.Tensor[[M, M], pl.FP32]],
    ) -> pl.Tensor[[M, M], pl.FP32]:
        with pl.at(level=pl.Level.CHIP, role=pl.Role.Orchestrator):
            with pl.at(level=pl.Level.CORE_GROUP):
                b_lp = pl.cast(b, target_type=pl.FP16)
                out_sum = pl.assemble(sum_buf, pl.add(a, b_lp), [0, 0])
        with pl.at(level=pl.Level.CHIP, role=pl.Role.Orchestrator):
            with pl.at(level=pl.Level.CORE_GROUP):
                pl.assemble(sub_buf, pl.sub(a, b), [0, 0])
        return out_sum
