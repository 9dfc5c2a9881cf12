# pypto.program: IncoreArrayConditionalProgram
import pypto.language as pl

@pl.program
class IncoreArrayConditionalProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(cond_t: pl.Tensor[[1, 8], pl.INT32], src_t: pl.Tensor[[1, 32], pl.FP32], dst_t: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        cond_tile: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(cond_t, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        src_tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_t, [0, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        c: pl.Scalar[pl.INT32] = pl.tile.read(cond_tile, [0, 0])
        # Write the on-core array in both branches — both mutate the same
        # backing storage; the read after the IfStmt sees whichever branch ran.
        arr: pl.Array[4, pl.INT32] = pl.array.create(4, dtype=pl.INT32)
        if pl.cast(c, pl.INDEX) > 0:
            arr: pl.Array[4, pl.INT32] = pl.array.update_element(arr, 0, c)
        else:
            arr: pl.Array[4, pl.INT32] = pl.array.update_element(arr, 0, pl.const(1, pl.INT32))
        sel: pl.Scalar[pl.INT32] = pl.array.get_element(arr, 0)
        row_idx: pl.Scalar[pl.INDEX] = pl.cast(sel, pl.INDEX)
        return pl.tile.store(src_tile, [row_idx, 0], dst_t)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, cond_t: pl.Tensor[[1, 8], pl.INT32], src_t: pl.Tensor[[1, 32], pl.FP32], dst_t: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        dst_t: pl.Tensor[[32, 32], pl.FP32] = self.kernel(cond_t, src_t, dst_t)
        return dst_t
