# pypto.program: SetValidShapeOnVectorProgram
import pypto.language as pl

@pl.program
class SetValidShapeOnVectorProgram:
    @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
    def cube_producer(a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        c2v_peer: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name='c2v_slot_buffer', peer_func='vector_consumer')
        pl.system.aic_initialize_pipe(c2v_peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        a_mat: pl.Tile[[16, 16], pl.BF16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b_mat: pl.Tile[[16, 16], pl.BF16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        a_left: pl.Tile[[16, 16], pl.BF16, pl.Mem.Left] = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_right: pl.Tile[[16, 16], pl.BF16, pl.Mem.Right] = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left, b_right)
        # Set the producer valid_shape before tpush so the split
        # transport carries both row halves to the two AIV subblocks.
        acc_full: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.set_validshape(acc, 16, 16)
        pl.tile.tpush_to_aiv(acc_full, split=1)
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def vector_consumer(a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name='c2v_slot_buffer', size=4096, base=8192)
        pl.system.aiv_initialize_pipe(c2v_buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        popped: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        # set_validshape requires a locally allocated source tile (PTOAS
        # rejects a raw tpop/FIFO-slot tile), so narrow a compute result.
        incremented: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(popped, 1.0)
        # Row operand = full ROWS (the regression trigger); narrow columns.
        narrowed: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 8])] = pl.tile.set_validshape(incremented, 16, 8)
        pl.system.tfree_to_aic(popped)
        # Offset [0, 0]: SplitVectorKernel adds the per-subblock row
        # offset, so lane 0 writes rows [0,8) and lane 1 writes [8,16).
        out_store: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(narrowed, [0, 0], output)
        return out_store
    @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
    def group_func(a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        self.cube_producer(a, b, output)
        result: pl.Tensor[[16, 16], pl.FP32] = self.vector_consumer(a, b, output)
        return result
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        result: pl.Tensor[[16, 16], pl.FP32] = self.group_func(a, b, output)
        return result
