# pypto.program: IncoreArrayConditionalProgram
import pypto.language as pl

@pl.program
class IncoreArrayConditionalProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(cond_t__ssa_v0: pl.Tensor[[1, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[1, 32], pl.FP32], dst_t__ssa_v0: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        cond_tile__ssa_v0: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(cond_t__ssa_v0, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        src_tile__ssa_v0: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_t__ssa_v0, [0, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        c__ssa_v0: pl.Scalar[pl.INT32] = pl.tile.read(cond_tile__ssa_v0, [0, 0])
        # Write the on-core array in both branches — both mutate the same
        # backing storage; the read after the IfStmt sees whichever branch ran.
        arr__ssa_v0: pl.Array[4, pl.INT32] = pl.array.create(4, dtype=pl.INT32)
        if 0 < pl.cast(c__ssa_v0, pl.INDEX):
            arr__ssa_v1: pl.Array[4, pl.INT32] = pl.array.update_element(arr__ssa_v0, 0, c__ssa_v0)
            arr__phi_v3: pl.Array[4, pl.INT32] = pl.yield_(arr__ssa_v1)
        else:
            arr__ssa_v2: pl.Array[4, pl.INT32] = pl.array.update_element(arr__ssa_v0, 0, pl.const(1, pl.INT32))
            arr__phi_v3: pl.Array[4, pl.INT32] = pl.yield_(arr__ssa_v2)
        sel__ssa_v0: pl.Scalar[pl.INT32] = pl.array.get_element(arr__phi_v3, 0)
        row_idx__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(sel__ssa_v0, pl.INDEX)
        t__tmp_v0: pl.Tensor[[32, 32], pl.FP32] = pl.tile.store(src_tile__ssa_v0, [row_idx__ssa_v0, 0], dst_t__ssa_v0)
        return t__tmp_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, cond_t__ssa_v0: pl.Tensor[[1, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[1, 32], pl.FP32], dst_t__ssa_v0: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP32] = self.kernel(cond_t__ssa_v0, src_t__ssa_v0, dst_t__ssa_v0)
        return dst_t__ssa_v1
