# Derived from pypto e2d0f78 tests/st/distributed/test_l3_parallel_reduce.py (L3ParallelReduceProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto import ir
from pypto.ir.distributed_compiled_program import DistributedConfig




@pl.program
class L3ParallelReduceProgram:
    """L3: HOST orch → 2 independent chip workers (a+b, a-b) → SubWorker (reduce)."""

    @pl.function(type=pl.FunctionType.InCore)
    def tile_add(
        self,
        a: pl.Tensor[[512, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        f: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        tile_a = pl.load(a, [0, 0], [512, 512])
        tile_b = pl.load(b, [0, 0], [512, 512])
        tile_b_lp = pl.cast(tile_b, target_type=pl.FP16)
        tile_f = pl.add(tile_a, tile_b_lp)
        out_f = pl.store(tile_f, [0, 0], f)
        return out_f

    @pl.function(type=pl.FunctionType.InCore)
    def tile_sub(
        self,
        a: pl.Tensor[[512, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        f: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        tile_a = pl.load(a, [0, 0], [512, 512])
        tile_b = pl.load(b, [0, 0], [512, 512])
        tile_f = pl.sub(tile_a, tile_b)
        out_f = pl.store(tile_f, [0, 0], f)
        return out_f

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch_add(
        self,
        a: pl.Tensor[[512, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        f: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        out_f = self.tile_add(a, b, f)
        return out_f

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch_sub(
        self,
        a: pl.Tensor[[512, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        f: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        out_f = self.tile_sub(a, b, f)
        return out_f

    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def reduce_sum(
        sum_ab: pl.Tensor[[512, 512], pl.FP32],
        diff_ab: pl.Tensor[[512, 512], pl.FP32],
        f: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        result = torch.add(sum_ab, diff_ab)
        f[:] = result
        return f

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        a: pl.Tensor[[512, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        f: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        sum_ab: pl.Tensor[[512, 512], pl.FP32] = pl.create_tensor([512, 512], dtype=pl.FP32)
        diff_ab: pl.Tensor[[512, 512], pl.FP32] = pl.create_tensor([512, 512], dtype=pl.FP32)
        out_sum: pl.Tensor[[512, 512], pl.FP32] = self.chip_orch_add(a, b, sum_ab)
        out_diff: pl.Tensor[[512, 512], pl.FP32] = self.chip_orch_sub(a, b, diff_ab)
        out_f: pl.Tensor[[512, 512], pl.FP32] = self.reduce_sum(out_sum, out_diff, f)
        return out_f
