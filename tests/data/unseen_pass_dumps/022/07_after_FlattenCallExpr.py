# pypto.program: SPMDMultiOutputSubviewProgram
import pypto.language as pl

@pl.program
class SPMDMultiOutputSubviewProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def fused(x__ssa_v0: pl.Tensor[[16, 2048], pl.FP32], pre__ssa_v0: pl.Tensor[[16, 8], pl.FP32], post__ssa_v0: pl.Tensor[[16, 8], pl.FP32], comb__ssa_v0: pl.Tensor[[16, 16], pl.FP32], y__ssa_v0: pl.Out[pl.Tensor[[2, 2048], pl.FP32]], x_mixed__ssa_v0: pl.Out[pl.Tensor[[16, 512], pl.FP32]]) -> tuple[pl.Tensor[[2, 2048], pl.FP32], pl.Tensor[[16, 512], pl.FP32]]:
        # Per-token combine via post/comb weights — the other output that makes
        # this a fused multi-output scope (and creates the earlier dead buffers
        # MemoryReuse retargets onto).
        for tt__idx_v0, (y__iter_v1,) in pl.range(2, init_values=(y__ssa_v0,)):
            x_row__ssa_v0: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [tt__idx_v0, 0], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
            for out_h__idx_v0, (y__iter_v3,) in pl.range(4, init_values=(y__iter_v1,)):
                post_w__ssa_v0: pl.Scalar[pl.FP32] = pl.tensor.read(post__ssa_v0, [tt__idx_v0, out_h__idx_v0])
                y_row__ssa_v0: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.muls(x_row__ssa_v0, post_w__ssa_v0)
                for in_h__idx_v0, (y_row__iter_v1,) in pl.range(4, init_values=(y_row__ssa_v0,)):
                    comb_w__ssa_v0: pl.Scalar[pl.FP32] = pl.tensor.read(comb__ssa_v0, [tt__idx_v0, in_h__idx_v0 * 4 + out_h__idx_v0])
                    res_row__ssa_v0: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [tt__idx_v0, in_h__idx_v0 * 512], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
                    t__tmp_v0: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.muls(res_row__ssa_v0, comb_w__ssa_v0)
                    y_row__ssa_v3: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.add(y_row__iter_v1, t__tmp_v0)
                    y_row__rv_v2: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.yield_(y_row__ssa_v3)
                y__ssa_v5: pl.Tensor[[2, 2048], pl.FP32] = pl.tile.store(y_row__rv_v2, [tt__idx_v0, out_h__idx_v0 * 512], y__iter_v3)
                y__rv_v4: pl.Tensor[[2, 2048], pl.FP32] = pl.yield_(y__ssa_v5)
            y__rv_v2: pl.Tensor[[2, 2048], pl.FP32] = pl.yield_(y__rv_v4)
        # Per-head reduction: transposed scales sliced row-by-row into [TILE, 1]
        # subviews — these must keep distinct offsets within pre_t's buffer.
        pre_tile__ssa_v0: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(pre__ssa_v0, [0, 0], [16, 8], [16, 8], target_memory=pl.Mem.Vec)
        pre_eps__ssa_v0: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.adds(pre_tile__ssa_v0, 0.001)
        pre_t__ssa_v0: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.transpose(pre_eps__ssa_v0, 0, 1)
        t__tmp_v1: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.slice(pre_t__ssa_v0, [1, 16], [0, 0])
        pre0__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tmp_v1, [16, 1])
        t__tmp_v2: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.slice(pre_t__ssa_v0, [1, 16], [1, 0])
        pre1__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tmp_v2, [16, 1])
        t__tmp_v3: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.slice(pre_t__ssa_v0, [1, 16], [2, 0])
        pre2__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tmp_v3, [16, 1])
        t__tmp_v4: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.slice(pre_t__ssa_v0, [1, 16], [3, 0])
        pre3__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tmp_v4, [16, 1])
        x0__ssa_v0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 0], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        x1__ssa_v0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 512], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        x2__ssa_v0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 1024], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        x3__ssa_v0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 1536], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        y0__ssa_v0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x0__ssa_v0, pre0__ssa_v0)
        y1__ssa_v0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x1__ssa_v0, pre1__ssa_v0)
        y2__ssa_v0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x2__ssa_v0, pre2__ssa_v0)
        y3__ssa_v0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x3__ssa_v0, pre3__ssa_v0)
        t__tmp_v5: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.add(y0__ssa_v0, y1__ssa_v0)
        t__tmp_v6: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.add(y2__ssa_v0, y3__ssa_v0)
        t__tmp_v7: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tmp_v5, t__tmp_v6)
        x_mixed__ssa_v1: pl.Tensor[[16, 512], pl.FP32] = pl.tile.store(t__tmp_v7, [0, 0], x_mixed__ssa_v0)
        return y__rv_v2, x_mixed__ssa_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, x__ssa_v0: pl.Tensor[[16, 2048], pl.FP32], pre__ssa_v0: pl.Tensor[[16, 8], pl.FP32], post__ssa_v0: pl.Tensor[[16, 8], pl.FP32], comb__ssa_v0: pl.Tensor[[16, 16], pl.FP32], y__ssa_v0: pl.Out[pl.Tensor[[2, 2048], pl.FP32]], x_mixed__ssa_v0: pl.Out[pl.Tensor[[16, 512], pl.FP32]]) -> tuple[pl.Tensor[[2, 2048], pl.FP32], pl.Tensor[[16, 512], pl.FP32]]:
        with pl.spmd(1, name_hint="fused_multi_out"):
            _tuple_tmp__ssa_v0: pl.Tuple[pl.Tensor[[2, 2048], pl.FP32], pl.Tensor[[16, 512], pl.FP32]] = self.fused(x__ssa_v0, pre__ssa_v0, post__ssa_v0, comb__ssa_v0, y__ssa_v0, x_mixed__ssa_v0)
            y__ssa_v1: pl.Tensor[[2, 2048], pl.FP32] = _tuple_tmp__ssa_v0[0]
            x_mixed__ssa_v1: pl.Tensor[[16, 512], pl.FP32] = _tuple_tmp__ssa_v0[1]
        return y__ssa_v1, x_mixed__ssa_v1
