# Derived from corpus pypto/tests/st/runtime/cross_core/test_syncall.py (SPMDSyncAllSoftProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto import backend
from pypto.ir.pass_manager import OptimizationStrategy
from pypto.pypto_core import ir as _ir

TILE_ROWS = 512
TILE_COLS = 512
A2A3_PLATFORMS = ("a2a3", "a2a3sim")
SOFT_CORE_NUM = 4
SOFT_TOTAL_ROWS = SOFT_CORE_NUM * TILE_ROWS
SOFT_WS_SLOTS = 64
MIX_CUBE_BLOCKS = 2
MIX_WS_SLOTS = 64
MIX_M = 128
MIX_K = 256
MIX_N = 128
MIX_ROW_TILE = MIX_M // MIX_CUBE_BLOCKS
AIC_CUBE_BLOCKS = 2
AIC_USED_CORES = AIC_CUBE_BLOCKS
AIC_WS_SLOTS = 64
AIC_M = 128
AIC_K = 256
AIC_N = 128
AIC_ROW_TILE = AIC_M // AIC_CUBE_BLOCKS


@pl.program
class SPMDSyncAllSoftProgram:
    """SPMD add with an AIV-only *soft* (GM-polling) barrier at partial occupancy."""

    @pl.function(type=pl.FunctionType.InCore)
    def spmd_syncall_soft_add(
        self,
        a: pl.Tensor[[SOFT_TOTAL_ROWS, TILE_COLS], pl.FP32],
        b: pl.Tensor[[SOFT_TOTAL_ROWS, TILE_COLS], pl.FP32],
        sync_ws: pl.Tensor[[SOFT_WS_SLOTS], pl.INT32],
        out: pl.Out[pl.Tensor[[SOFT_TOTAL_ROWS, TILE_COLS], pl.FP32]],
    ) -> pl.Tensor[[SOFT_TOTAL_ROWS, TILE_COLS], pl.FP32]:
        block_idx = pl.tile.get_block_idx()
        offset = block_idx * TILE_ROWS
        tile_a = pl.load(a, [offset, 0], [TILE_ROWS, TILE_COLS])
        tile_b = pl.load(b, [offset, 0], [TILE_ROWS, TILE_COLS])
        # Simpler currently passes its logical block count through the kernel
        # arguments, while PTO-ISA's implicit-count path reads the raw device
        # launch register. Keep the runtime path explicit until those agree.
        pl.system.syncall(mode="soft", core_type="aiv_only", gm_workspace=sync_ws, used_cores=SOFT_CORE_NUM)
        tile_b_lp = pl.cast(tile_b, target_type=pl.FP16)
        tile_c = pl.add(tile_a, tile_b_lp)
        out = pl.store(tile_c, [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[SOFT_TOTAL_ROWS, TILE_COLS], pl.FP32],
        b: pl.Tensor[[SOFT_TOTAL_ROWS, TILE_COLS], pl.FP32],
        sync_ws: pl.Tensor[[SOFT_WS_SLOTS], pl.INT32],
        out: pl.Out[pl.Tensor[[SOFT_TOTAL_ROWS, TILE_COLS], pl.FP32]],
    ) -> pl.Tensor[[SOFT_TOTAL_ROWS, TILE_COLS], pl.FP32]:
        with pl.spmd(SOFT_CORE_NUM):
            out = self.spmd_syncall_soft_add(a, b, sync_ws, out)
        return out
