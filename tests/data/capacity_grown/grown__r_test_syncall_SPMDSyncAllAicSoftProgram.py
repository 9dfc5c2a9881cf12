# Derived from corpus pypto/tests/st/runtime/cross_core/test_syncall.py (SPMDSyncAllAicSoftProgram); CANN Open Software License Agreement v2.0
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
class SPMDSyncAllAicSoftProgram:
    """AIC-only *soft* syncall in a cube-only kernel at partial occupancy.

    A pure matmul per row-tile; only cube cores participate in the barrier.
    The barrier is numerically a no-op: ``out = a @ b``.
    """

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[AIC_M, AIC_K], pl.FP32],
        b: pl.Tensor[[AIC_K, AIC_N], pl.FP32],
        sync_ws: pl.Tensor[[AIC_WS_SLOTS], pl.INT32],
        out: pl.Out[pl.Tensor[[AIC_M, AIC_N], pl.FP32]],
    ) -> pl.Tensor[[AIC_M, AIC_N], pl.FP32]:
        for ob in pl.spmd(AIC_CUBE_BLOCKS, name_hint="aic_syncall"):
            m0 = ob * AIC_ROW_TILE
            a_slice = pl.slice(a, [AIC_ROW_TILE, AIC_K], [m0, 0])
            # Cube-only cross-core barrier across the AIC_CUBE_BLOCKS cube cores.
            pl.system.syncall(
                mode="soft", core_type="aic_only", gm_workspace=sync_ws, used_cores=AIC_USED_CORES
            )
            c_tile = pl.matmul(a_slice, rhs=b)  # cube
            out = pl.assemble(out, c_tile, [m0, 0])
        return out
