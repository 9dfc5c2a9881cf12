# Derived from pypto e2d0f78 tests/st/runtime/ops/test_paged_gather.py (PagedGatherMatProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy

_BLOCK_SIZE = 64
_PHYS_BLOCKS = 64
_POOL_ROWS = _BLOCK_SIZE * _PHYS_BLOCKS
_HIDDEN = 512
_NUM_IDX = 64


@pl.program
class PagedGatherMatProgram:
    """Gather paged KV rows into L1 (Mem.Mat), read them back via an identity
    matmul, and store the matmul result to GM.

    The gathered L1 tile carries the matmul-operand NZ (boxed) layout, so it
    cannot be pushed straight to GM — an NZ L1 tile has no cross-core producer
    pipe to the vector unit (ptoas: ``'pto.tpush' op tile type must map to a
    supported producer pipe``). Instead we verify the gather the way an L1
    operand is meant to be consumed: ``eye @ gathered``. ``eye`` is the
    ``[N, N]`` identity (A / left operand) and ``gathered`` is the ``[N, D]``
    right operand, so the product equals the gathered rows exactly (each
    identity row selects one gathered row; row ids <= 255 are FP16-exact). The
    matmul result is an Acc tile, which reaches GM through the supported
    Acc -> Vec -> GM path.
    """

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        src: pl.Tensor[[_POOL_ROWS, _HIDDEN], pl.FP16],
        idx: pl.Tensor[[_NUM_IDX], pl.INT32],
        bt: pl.Tensor[[_PHYS_BLOCKS], pl.INT32],
        eye: pl.Tensor[[_NUM_IDX, _NUM_IDX], pl.FP16],
        output: pl.Out[pl.Tensor[[_NUM_IDX, _HIDDEN], pl.FP32]],
    ) -> pl.Tensor[[_NUM_IDX, _HIDDEN], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            gathered = pl.paged_gather(
                src,
                idx,
                bt,
                block_size=_BLOCK_SIZE,
                size=_HIDDEN,
                max_indices=_NUM_IDX,
                space=pl.MemorySpace.Mat,
                is_b_matrix=True,
            )
            result = pl.matmul(eye, gathered, out_dtype=pl.FP32)
            output = pl.assemble(output, result, [0, 0])
        return
