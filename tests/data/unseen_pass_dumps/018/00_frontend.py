# pypto.program: C2VDynamicTpushValidShapeProgram
import pypto.language as pl

@pl.program
class C2VDynamicTpushValidShapeProgram:
    @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
    def cube_producer(a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]], valid_rows: pl.Scalar[pl.INDEX], valid_cols: pl.Scalar[pl.INDEX]):
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        c2v_peer: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name='c2v_slot_buffer', peer_func='vector_consumer')
        pl.system.aic_initialize_pipe(c2v_peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        a_mat: pl.Tile[[16, 16], pl.BF16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b_mat: pl.Tile[[16, 16], pl.BF16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        a_left: pl.Tile[[16, 16], pl.BF16, pl.Mem.Left] = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_right: pl.Tile[[16, 16], pl.BF16, pl.Mem.Right] = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left, b_right)
        narrowed: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[valid_rows, valid_cols])] = pl.tile.set_validshape(acc, valid_rows, valid_cols)
        pl.tile.tpush_to_aiv(narrowed, split=1)
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def vector_consumer(a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]], valid_rows: pl.Scalar[pl.INDEX], valid_cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name='c2v_slot_buffer', size=4096, base=8192)
        pl.system.aiv_initialize_pipe(c2v_buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        popped: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[valid_rows, valid_cols])] = pl.tile.tpop_from_aic(split=1)
        incremented: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[valid_rows, valid_cols])] = pl.tile.adds(popped, 1.0)
        pl.system.tfree_to_aic(popped)
        return pl.tile.store(incremented, [0, 0], output)
    @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
    def group_func(a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]], valid_rows: pl.Scalar[pl.INDEX], valid_cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        self.cube_producer(a, b, output, valid_rows, valid_cols)
        result: pl.Tensor[[16, 16], pl.FP32] = self.vector_consumer(a, b, output, valid_rows, valid_cols)
        return result
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], valid_shape: pl.Tensor[[2], pl.INDEX], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        valid_rows: pl.Scalar[pl.INDEX] = pl.tensor.read(valid_shape, [0])
        valid_cols: pl.Scalar[pl.INDEX] = pl.tensor.read(valid_shape, [1])
        result: pl.Tensor[[16, 16], pl.FP32] = self.group_func(a, b, output, valid_rows, valid_cols)
        return result
