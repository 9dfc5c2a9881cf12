# Derived from corpus pypto/tests/st/runtime/cross_core/test_spmd.py (SPMDMixedKernelProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.ir.pass_manager import OptimizationStrategy

CORE_NUM = 4
TILE_ROWS = 512
TILE_COLS = 512
TOTAL_ROWS = CORE_NUM * TILE_ROWS
MIX_M_PER_BLOCK = 256
MIX_K = 256
MIX_N = 256
MIX_BLOCKS = 4
MIX_TOTAL_M = MIX_BLOCKS * MIX_M_PER_BLOCK
SYNC_TASKS = [(2, 0), (8, 2), (2, 10), (12, 12)]
SYNC_TILE = 512
ESC5_TOTAL_ROWS = 8192


@pl.program
class SPMDMixedKernelProgram:
    """SPMD MixedKernel: 4 blocks each compute a [64, 64] matmul + bias add.

    Uses InCore with split=UP_DOWN to enable AIC/AIV mixed kernel split
    under SPMD dispatch. Each block computes:
        out[block_slice] = a[block_slice] @ b + bias[block_slice]
    """

    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def matmul_bias(
        self,
        a: pl.Tensor[[1024, 256], pl.FP32],
        b: pl.Tensor[[256, 256], pl.FP32],
        bias: pl.Tensor[[1024, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[1024, 256], pl.FP32]],
    ) -> pl.Tensor[[1024, 256], pl.FP32]:
        block_idx = pl.tile.get_block_idx()
        row_offset = block_idx * 256

        # Cube: matmul → AIC
        tile_a_l1 = pl.load(a, [row_offset, 0], [256, 256], target_memory=pl.MemorySpace.Mat)
        tile_b_l1 = pl.load(b, [0, 0], [256, 256], target_memory=pl.MemorySpace.Mat)
        tile_a_l0a = pl.move(tile_a_l1, target_memory=pl.MemorySpace.Left)
        tile_b_l0b = pl.move(tile_b_l1, target_memory=pl.MemorySpace.Right)
        tile_mm = pl.matmul(tile_b_l0b, tile_a_l0a)

        # Vector: add bias → AIV
        tile_bias = pl.load(bias, [row_offset, 0], [256, 256])
        tile_out = pl.add(tile_mm, tile_bias)
        out = pl.store(tile_out, [row_offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[1024, 256], pl.FP32],
        b: pl.Tensor[[256, 256], pl.FP32],
        bias: pl.Tensor[[1024, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[1024, 256], pl.FP32]],
    ) -> pl.Tensor[[1024, 256], pl.FP32]:
        with pl.spmd(4):
            out = self.matmul_bias(a, b, bias, out)
        return out
