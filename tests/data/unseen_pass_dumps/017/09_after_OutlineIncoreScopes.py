# pypto.program: C2VDynamicTpopValidShapeProgram
import pypto.language as pl

@pl.program
class C2VDynamicTpopValidShapeProgram:
    @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
    def cube_producer(a__ssa_v0: pl.Tensor[[16, 16], pl.BF16], b__ssa_v0: pl.Tensor[[16, 16], pl.BF16], output__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], valid_rows__ssa_v0: pl.Scalar[pl.INDEX], valid_cols__ssa_v0: pl.Scalar[pl.INDEX]):
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        c2v_peer__ssa_v0: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name='c2v_slot_buffer', peer_func='vector_consumer')
        pl.system.aic_initialize_pipe(c2v_peer__ssa_v0, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        a_mat__ssa_v0: pl.Tile[[16, 16], pl.BF16, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b_mat__ssa_v0: pl.Tile[[16, 16], pl.BF16, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        a_left__ssa_v0: pl.Tile[[16, 16], pl.BF16, pl.Mem.Left] = pl.tile.move(a_mat__ssa_v0, target_memory=pl.Mem.Left)
        b_right__ssa_v0: pl.Tile[[16, 16], pl.BF16, pl.Mem.Right] = pl.tile.move(b_mat__ssa_v0, target_memory=pl.Mem.Right)
        acc__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left__ssa_v0, b_right__ssa_v0)
        pl.tile.tpush_to_aiv(acc__ssa_v0, split=1)
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def vector_consumer(a__ssa_v0: pl.Tensor[[16, 16], pl.BF16], b__ssa_v0: pl.Tensor[[16, 16], pl.BF16], output__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], valid_rows__ssa_v0: pl.Scalar[pl.INDEX], valid_cols__ssa_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        c2v_buf__ssa_v0: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name='c2v_slot_buffer', size=4096, base=8192)
        pl.system.aiv_initialize_pipe(c2v_buf__ssa_v0, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        popped__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[valid_rows__ssa_v0, valid_cols__ssa_v0])] = pl.tile.tpop_from_aic(split=1)
        incremented__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[valid_rows__ssa_v0, valid_cols__ssa_v0])] = pl.tile.adds(popped__ssa_v0, 1.0)
        pl.system.tfree_to_aic(popped__ssa_v0)
        t__tmp_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(incremented__ssa_v0, [0, 0], output__ssa_v0)
        return t__tmp_v0
    @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
    def group_func(a__ssa_v0: pl.Tensor[[16, 16], pl.BF16], b__ssa_v0: pl.Tensor[[16, 16], pl.BF16], output__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], valid_rows__ssa_v0: pl.Scalar[pl.INDEX], valid_cols__ssa_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        self.cube_producer(a__ssa_v0, b__ssa_v0, output__ssa_v0, valid_rows__ssa_v0, valid_cols__ssa_v0)
        result__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = self.vector_consumer(a__ssa_v0, b__ssa_v0, output__ssa_v0, valid_rows__ssa_v0, valid_cols__ssa_v0)
        return result__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, a__ssa_v0: pl.Tensor[[16, 16], pl.BF16], b__ssa_v0: pl.Tensor[[16, 16], pl.BF16], valid_shape__ssa_v0: pl.Tensor[[2], pl.INDEX], output__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        valid_rows__ssa_v0: pl.Scalar[pl.INDEX] = pl.tensor.read(valid_shape__ssa_v0, [0])
        valid_cols__ssa_v0: pl.Scalar[pl.INDEX] = pl.tensor.read(valid_shape__ssa_v0, [1])
        result__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = self.group_func(a__ssa_v0, b__ssa_v0, output__ssa_v0, valid_rows__ssa_v0, valid_cols__ssa_v0)
        return result__ssa_v0
