# mistake_matmul_inner_dim.py: a matmul whose inner dimensions differ.
#
# `q` is [64, 128] and `k` is stored [64, 128] too: q @ k multiplies 128 columns
# by 64 rows. The kernel meant q @ k^T. Fix: `pl.matmul(q, k, b_trans=True)`.
#
# `pto-lsp check examples/mistake_matmul_inner_dim.py` reports error[PTO504]
# "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but
# got lhs K=128 and rhs K=64" at the `pl.matmul(...)` call, and exits with status 1.
import pypto.language as pl


@pl.program
class Scores:
    @pl.function(type=pl.FunctionType.InCore)
    def qk(
        self,
        q: pl.Tensor[[64, 128], pl.FP16],
        k: pl.Tensor[[64, 128], pl.FP16],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        scores = pl.matmul(q, k, out_dtype=pl.FP32)
        out = pl.assemble(out, scores, [0, 0])
        return out
