# Derived from corpus pypto/tests/st/distributed/test_l3_distributed.py (L3DependencyInlineProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto import ir
from pypto.ir.distributed_compiled_program import DistributedConfig

SIZE = 512 * 512


@pl.program
class L3DependencyInlineProgram:
    """L3: all levels inlined into host_orch via pl.at() using tensor API."""

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        a: pl.Tensor[[512, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        sum_buf: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
        sub_buf: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        with pl.at(level=pl.Level.CHIP, role=pl.Role.Orchestrator):
            with pl.at(level=pl.Level.CORE_GROUP):
                out = pl.add(a, b)
                out_sum = pl.assemble(sum_buf, out, [0, 0])
        with pl.at(level=pl.Level.CHIP, role=pl.Role.Orchestrator):
            with pl.at(level=pl.Level.CORE_GROUP):
                b_lp = pl.cast(b, target_type=pl.FP16)
                out = pl.sub(a, b_lp)
                pl.assemble(sub_buf, out, [0, 0])
        return out_sum
