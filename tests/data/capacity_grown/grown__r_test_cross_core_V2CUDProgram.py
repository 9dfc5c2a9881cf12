# Derived from corpus pypto/tests/st/runtime/cross_core/test_cross_core.py (V2CUDProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType

M = 128
K = 256
N = 2048
N_BLOCK = 256
N_BLOCKS = N // N_BLOCK
SPMD_N = 64
SPMD_ROW_TILE = 64
MULTI_PIPE_DIM = 64
MULTI_PIPE_SLOT_SIZE = MULTI_PIPE_DIM * MULTI_PIPE_DIM * 4
MULTI_PIPE_BUFFER_SIZE = MULTI_PIPE_SLOT_SIZE * 8
SLOTNUM_DIM = 64
SLOTNUM_SLOT_SIZE = SLOTNUM_DIM * SLOTNUM_DIM * 4
SLOTNUM_SLOT_NUM = 4
SLOTNUM_LOCAL_SLOT_NUM = 4
SLOTNUM_BUFFER_SIZE = SLOTNUM_SLOT_SIZE * SLOTNUM_LOCAL_SLOT_NUM
_DEFAULT_PLATFORM = "a2a3"


@pl.program
class V2CUDProgram:
    """V2C updown-split cross-core program.

    Vector producer: loads tiles a and b, computes add and sub, pushes both to Cube.
    Cube consumer: pops tiles, performs matmul, stores result.
    """

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[128, 128], pl.FP32],
        b: pl.Tensor[[128, 128], pl.FP32],
        output: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            b_lp = pl.cast(b, target_type=pl.FP16)
            a_plus_b = pl.add(a, b_lp)
            sub = pl.sub(a, b)
            out = pl.matmul(a_plus_b, sub)
            output = pl.assemble(output, out, [0, 0])
        return output
