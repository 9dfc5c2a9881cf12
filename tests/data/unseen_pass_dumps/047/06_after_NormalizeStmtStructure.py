# pypto.program: IncoreArrayRoundTripProgram
import pypto.language as pl

@pl.program
class IncoreArrayRoundTripProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(index_t__ssa_v0: pl.Tensor[[1, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[1, 32], pl.FP32], dst_t__ssa_v0: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        index_tile__ssa_v0: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(index_t__ssa_v0, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        src_tile__ssa_v0: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_t__ssa_v0, [0, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        # Read the target row index off the index tile into a scalar.
        row__ssa_v0: pl.Scalar[pl.INT32] = pl.tile.read(index_tile__ssa_v0, [0, 0])
        # Round-trip it through an on-core array: set slot 0, copy 0 -> 1
        # (get + in-place set on the SAME backing array), then read slot 1 back.
        arr__ssa_v0: pl.Array[4, pl.INT32] = pl.array.create(4, dtype=pl.INT32)
        arr__ssa_v1: pl.Array[4, pl.INT32] = pl.array.update_element(arr__ssa_v0, 0, row__ssa_v0)
        arr__ssa_v2: pl.Array[4, pl.INT32] = pl.array.update_element(arr__ssa_v1, 1, pl.array.get_element(arr__ssa_v1, 0))
        stored__ssa_v0: pl.Scalar[pl.INT32] = pl.array.get_element(arr__ssa_v2, 1)
        row_idx__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(stored__ssa_v0, pl.INDEX)
        return pl.tile.store(src_tile__ssa_v0, [row_idx__ssa_v0, 0], dst_t__ssa_v0)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, index_t__ssa_v0: pl.Tensor[[1, 8], pl.INT32], src_t__ssa_v0: pl.Tensor[[1, 32], pl.FP32], dst_t__ssa_v0: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        dst_t__ssa_v1: pl.Tensor[[32, 32], pl.FP32] = self.kernel(index_t__ssa_v0, src_t__ssa_v0, dst_t__ssa_v0)
        return dst_t__ssa_v1
