# Derived from pypto e2d0f78 tests/st/runtime/framework_and_models/test_ci.py (TensorArangeAscendingProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy

ROWS = 1
COLS = 128
N = COLS


@pl.program
class TensorArangeAscendingProgram:
    """pl.tensor.arange ascending — alias of pl.tensor.ci."""

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        output: pl.Out[pl.Tensor[[ROWS, COLS], pl.INT32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.INT32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            seq = pl.tensor.arange(0, [ROWS, COLS], dtype=pl.INT32)
            output = pl.assemble(output, seq, [0, 0])
