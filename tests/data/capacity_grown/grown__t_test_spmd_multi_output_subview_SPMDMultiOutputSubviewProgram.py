# Derived from pypto e2d0f78 tests/st/runtime/cross_core/test_spmd_multi_output_subview.py (SPMDMultiOutputSubviewProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.ir.pass_manager import OptimizationStrategy

TILE = 64
HC = 4
HC_PAD = 8
HD = 2048
D = HC * HD
EPS = 1e-3
COMBINE_TOKENS = 2


@pl.program
class SPMDMultiOutputSubviewProgram:
    """Fused multi-output spmd scope: per-token combine + per-head reduction."""

    @pl.function(type=pl.FunctionType.InCore)
    def fused(
        self,
        x: pl.Tensor[[TILE, D], pl.FP32],
        pre: pl.Tensor[[TILE, HC_PAD], pl.FP32],
        post: pl.Tensor[[TILE, HC_PAD], pl.FP32],
        comb: pl.Tensor[[TILE, HC * HC], pl.FP32],
        y: pl.Out[pl.Tensor[[COMBINE_TOKENS, D], pl.FP32]],
        x_mixed: pl.Out[pl.Tensor[[TILE, HD], pl.FP32]],
    ) -> tuple[pl.Tensor[[COMBINE_TOKENS, D], pl.FP32], pl.Tensor[[TILE, HD], pl.FP32]]:
        # Per-token combine via post/comb weights — the other output that makes
        # this a fused multi-output scope (and creates the earlier dead buffers
        # MemoryReuse retargets onto).
        for tt in pl.range(COMBINE_TOKENS):
            x_row = pl.load(x, [tt, 0], [1, HD])
            for out_h in pl.range(HC):
                post_w = pl.read(post, [tt, out_h])
                y_row = pl.mul(x_row, post_w)
                for in_h in pl.range(HC):
                    comb_w = pl.read(comb, [tt, in_h * HC + out_h])
                    res_row = pl.load(x, [tt, in_h * HD], [1, HD])
                    y_row = pl.add(y_row, pl.mul(res_row, comb_w))
                y = pl.store(y_row, [tt, out_h * HD], y)
        # Per-head reduction: transposed scales sliced row-by-row into [TILE, 1]
        # subviews — these must keep distinct offsets within pre_t's buffer.
        pre_tile = pl.load(pre, [0, 0], [TILE, HC_PAD])
        pre_eps = pl.add(pre_tile, EPS)
        pre_t = pl.transpose(pre_eps, axis1=0, axis2=1)
        pre0 = pl.reshape(pre_t[0:1, 0:TILE], [TILE, 1])
        pre1 = pl.reshape(pre_t[1:2, 0:TILE], [TILE, 1])
        pre2 = pl.reshape(pre_t[2:3, 0:TILE], [TILE, 1])
        pre3 = pl.reshape(pre_t[3:4, 0:TILE], [TILE, 1])
        x0 = pl.load(x, [0, 0 * HD], [TILE, HD])
        x1 = pl.load(x, [0, 1 * HD], [TILE, HD])
        x2 = pl.load(x, [0, 2 * HD], [TILE, HD])
        x3 = pl.load(x, [0, 3 * HD], [TILE, HD])
        y0 = pl.row_expand_mul(x0, pre0)
        y1 = pl.row_expand_mul(x1, pre1)
        y2 = pl.row_expand_mul(x2, pre2)
        y3 = pl.row_expand_mul(x3, pre3)
        y3_lp = pl.cast(y3, target_type=pl.FP16)
        x_mixed = pl.store(pl.add(pl.add(y0, y1), pl.add(y2, y3_lp)), [0, 0], x_mixed)
        return y, x_mixed

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        x: pl.Tensor[[TILE, D], pl.FP32],
        pre: pl.Tensor[[TILE, HC_PAD], pl.FP32],
        post: pl.Tensor[[TILE, HC_PAD], pl.FP32],
        comb: pl.Tensor[[TILE, HC * HC], pl.FP32],
        y: pl.Out[pl.Tensor[[COMBINE_TOKENS, D], pl.FP32]],
        x_mixed: pl.Out[pl.Tensor[[TILE, HD], pl.FP32]],
    ) -> tuple[pl.Tensor[[COMBINE_TOKENS, D], pl.FP32], pl.Tensor[[TILE, HD], pl.FP32]]:
        with pl.spmd(1, name_hint="fused_multi_out"):
            y, x_mixed = self.fused(x, pre, post, comb, y, x_mixed)
        return y, x_mixed
