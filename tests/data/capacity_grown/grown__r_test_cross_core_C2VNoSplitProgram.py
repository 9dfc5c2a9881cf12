# Derived from corpus pypto/tests/st/runtime/cross_core/test_cross_core.py (C2VNoSplitProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl

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
class C2VNoSplitProgram:
    """C2V no-split cross-core program.

    Cube producer: computes matmul in blocks over N, pushes results to Vector.
    Vector consumer: accumulates result into output tensor.
    """

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[M, K], pl.FP32],
        b: pl.Tensor[[K, N], pl.FP32],
        c: pl.Tensor[[M, N], pl.FP32],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for cb in pl.range(0, N_BLOCKS // 4):
                for ci in pl.unroll(0, 4):
                    nb = cb * 4 + ci
                    n0 = nb * N_BLOCK
                    c_prev = pl.slice(c, [M, N_BLOCK], [0, n0])
                    b_chunk = pl.slice(b, [K, N_BLOCK], [0, n0])
                    c_next = pl.add(c_prev, pl.matmul(a, b_chunk))
                    c = pl.assemble(c, c_next, [0, n0])
        return c
