# Derived from pypto e2d0f78 tests/st/distributed/test_l3_tuple_return.py (L3TupleReturnProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto import ir
from pypto.ir.distributed_compiled_program import DistributedConfig




@pl.program
class L3TupleReturnProgram:
    """L3: HOST orch → CHIP worker with tuple return (sum + diff)."""

    @pl.function(type=pl.FunctionType.InCore)
    def tile_sum_diff(
        self,
        a: pl.Tensor[[512, 256], pl.FP32],
        b: pl.Tensor[[512, 256], pl.FP32],
        out_sum: pl.Out[pl.Tensor[[512, 256], pl.FP32]],
        out_diff: pl.Out[pl.Tensor[[512, 256], pl.FP32]],
    ) -> tuple[pl.Tensor[[512, 256], pl.FP32], pl.Tensor[[512, 256], pl.FP32]]:
        # Peak Vec (UB) footprint is 3 live 128x64 FP32 tiles = 96KB (a, b, and
        # sum/diff). 128x128 would reach 192KB and is rejected by AllocateMemoryAddr
        # after pto-isa#170 lowered the safe a2a3 UB to 184KB (see soc.cpp).
        tile_a = pl.load(a, [0, 0], [512, 256])
        tile_b = pl.load(b, [0, 0], [512, 256])
        tile_sum = pl.add(tile_a, tile_b)
        tile_b_lp = pl.cast(tile_b, target_type=pl.FP16)
        tile_diff = pl.sub(tile_a, tile_b_lp)
        r_sum = pl.store(tile_sum, [0, 0], out_sum)
        r_diff = pl.store(tile_diff, [0, 0], out_diff)
        return r_sum, r_diff

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        a: pl.Tensor[[512, 256], pl.FP32],
        b: pl.Tensor[[512, 256], pl.FP32],
        out_sum: pl.Out[pl.Tensor[[512, 256], pl.FP32]],
        out_diff: pl.Out[pl.Tensor[[512, 256], pl.FP32]],
    ) -> tuple[pl.Tensor[[512, 256], pl.FP32], pl.Tensor[[512, 256], pl.FP32]]:
        s, d = self.tile_sum_diff(a, b, out_sum, out_diff)
        return s, d

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        a: pl.Tensor[[512, 256], pl.FP32],
        b: pl.Tensor[[512, 256], pl.FP32],
        out_sum: pl.Out[pl.Tensor[[512, 256], pl.FP32]],
        out_diff: pl.Out[pl.Tensor[[512, 256], pl.FP32]],
    ) -> tuple[pl.Tensor[[512, 256], pl.FP32], pl.Tensor[[512, 256], pl.FP32]]:
        s, d = self.chip_orch(a, b, out_sum, out_diff)
        return s, d
