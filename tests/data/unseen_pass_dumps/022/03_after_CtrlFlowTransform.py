# pypto.program: SPMDMultiOutputSubviewProgram
import pypto.language as pl

@pl.program
class SPMDMultiOutputSubviewProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def fused(x: pl.Tensor[[16, 2048], pl.FP32], pre: pl.Tensor[[16, 8], pl.FP32], post: pl.Tensor[[16, 8], pl.FP32], comb: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[2, 2048], pl.FP32]], x_mixed: pl.Out[pl.Tensor[[16, 512], pl.FP32]]) -> tuple[pl.Tensor[[2, 2048], pl.FP32], pl.Tensor[[16, 512], pl.FP32]]:
        # Per-token combine via post/comb weights — the other output that makes
        # this a fused multi-output scope (and creates the earlier dead buffers
        # MemoryReuse retargets onto).
        for tt in pl.range(2):
            x_row: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [tt, 0], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
            for out_h in pl.range(4):
                post_w: pl.Scalar[pl.FP32] = pl.tensor.read(post, [tt, out_h])
                y_row: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.muls(x_row, post_w)
                for in_h in pl.range(4):
                    comb_w: pl.Scalar[pl.FP32] = pl.tensor.read(comb, [tt, in_h * 4 + out_h])
                    res_row: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [tt, in_h * 512], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
                    y_row: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.add(y_row, pl.tile.muls(res_row, comb_w))
                y: pl.Tensor[[2, 2048], pl.FP32] = pl.tile.store(y_row, [tt, out_h * 512], y)
        # Per-head reduction: transposed scales sliced row-by-row into [TILE, 1]
        # subviews — these must keep distinct offsets within pre_t's buffer.
        pre_tile: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(pre, [0, 0], [16, 8], [16, 8], target_memory=pl.Mem.Vec)
        pre_eps: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.adds(pre_tile, 0.001)
        pre_t: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.transpose(pre_eps, 0, 1)
        pre0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(pl.tile.slice(pre_t, [1, 16], [0, 0]), [16, 1])
        pre1: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(pl.tile.slice(pre_t, [1, 16], [1, 0]), [16, 1])
        pre2: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(pl.tile.slice(pre_t, [1, 16], [2, 0]), [16, 1])
        pre3: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(pl.tile.slice(pre_t, [1, 16], [3, 0]), [16, 1])
        x0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        x1: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 512], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        x2: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 1024], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        x3: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 1536], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        y0: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x0, pre0)
        y1: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x1, pre1)
        y2: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x2, pre2)
        y3: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x3, pre3)
        x_mixed: pl.Tensor[[16, 512], pl.FP32] = pl.tile.store(pl.tile.add(pl.tile.add(y0, y1), pl.tile.add(y2, y3)), [0, 0], x_mixed)
        return y, x_mixed
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, x: pl.Tensor[[16, 2048], pl.FP32], pre: pl.Tensor[[16, 8], pl.FP32], post: pl.Tensor[[16, 8], pl.FP32], comb: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[2, 2048], pl.FP32]], x_mixed: pl.Out[pl.Tensor[[16, 512], pl.FP32]]) -> tuple[pl.Tensor[[2, 2048], pl.FP32], pl.Tensor[[16, 512], pl.FP32]]:
        with pl.spmd(1, name_hint="fused_multi_out"):
            _tuple_tmp: pl.Tuple[pl.Tensor[[2, 2048], pl.FP32], pl.Tensor[[16, 512], pl.FP32]] = self.fused(x, pre, post, comb, y, x_mixed)
            y: pl.Tensor[[2, 2048], pl.FP32] = _tuple_tmp[0]
            x_mixed: pl.Tensor[[16, 512], pl.FP32] = _tuple_tmp[1]
        return y, x_mixed
