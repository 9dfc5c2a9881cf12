# Derived from pypto e2d0f78 tests/st/runtime/control_flow/test_assemble_narrow_valid.py (AssembleSubscriptNarrowValidProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl

M = 256
N = 128
SRC_ROWS = 64
SRC_COLS_STATIC = 8
SRC_COLS_VALID = 4
T_OFFSET_ROW = 8
PAD_SENTINEL = -1000.0


@pl.program
class AssembleSubscriptNarrowValidProgram:
    """Write via subscript-write sugar — semantically equivalent to the direct path.

    ``output`` is ``InOut`` for the same reason as
    ``AssembleDirectNarrowValidProgram``: the golden requires a zero tail that
    this program never writes, so the incoming buffer must reach the device.
    """

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        src: pl.Tensor[[SRC_ROWS, SRC_COLS_STATIC], pl.FP32],
        output: pl.InOut[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            narrowed = pl.set_validshape(src, SRC_ROWS, SRC_COLS_VALID)
            output[T_OFFSET_ROW : T_OFFSET_ROW + SRC_ROWS, 0:SRC_COLS_VALID] = narrowed
        return
