# Derived from pypto e2d0f78 tests/st/runtime/ops/test_gather_row_dynamic_valid_shape.py (GatherRowDynamicValidShapeProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy

HEAD_DIM = 512
ROWS = 512
SENT_BASE = 512
POOL_ROWS = SENT_BASE + ROWS
VALID_ROWS = [1, 63, 127, ROWS]


@pl.program
class GatherRowDynamicValidShapeProgram:
    """Sentinel-fill an L1 accumulator, then overwrite a runtime number of rows.

    ``n`` is read from GM so the extent is opaque to the compiler. The first
    ``pl.gather_row`` omits ``valid_shape`` (the pre-existing 5-arg form) and
    paints the sentinel; the second passes the runtime ``rows`` and must touch
    only that many slots.
    """

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        src: pl.Tensor[[POOL_ROWS, HEAD_DIM], pl.FP16],
        n: pl.Tensor[[1], pl.INT32],
        eye: pl.Tensor[[ROWS, ROWS], pl.FP16],
        output: pl.Out[pl.Tensor[[ROWS, HEAD_DIM], pl.FP32]],
    ) -> pl.Tensor[[ROWS, HEAD_DIM], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            rows = pl.cast(pl.read(n, [0]), pl.INDEX)
            kv = pl.create_l1([ROWS, HEAD_DIM], pl.FP16)
            # Sentinel: every slot gets pool row SENT_BASE + i.
            kv = pl.gather_row(kv, src, [0, 0], [SENT_BASE, 0], [ROWS, HEAD_DIM])
            # Dynamic: only the first `rows` slots get pool row i.
            kv = pl.gather_row(kv, src, [0, 0], [0, 0], [ROWS, HEAD_DIM], valid_shape=[rows, HEAD_DIM])
            result = pl.matmul(kv, eye, out_dtype=pl.FP32)
            output = pl.assemble(output, result, [0, 0])
        return output
