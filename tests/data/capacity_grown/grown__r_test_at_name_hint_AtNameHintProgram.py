# Derived from corpus pypto/tests/st/runtime/scheduling/test_at_name_hint.py (AtNameHintProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto import ir
from pypto.backend import BackendType

M = 128
K = 256
N = 128
_NAME_HINT = "GetKVCache"


@pl.program
class AtNameHintProgram:
    """CORE_GROUP scope annotated with ``name_hint="GetKVCache"``."""

    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[M, K], pl.FP32],
        b: pl.Tensor[[K, N], pl.FP32],
        output: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        # NOTE: pl.at name_hint must be a string literal (parser requirement),
        # so it cannot reference the _NAME_HINT module constant.
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="GetKVCache"):
            out = pl.matmul(a, b)
            output = pl.assemble(output, source=out, offset=[0, 0])
        return output
