# pypto.program: IncoreArrayRoundTripProgram
import pypto.language as pl

@pl.program
class IncoreArrayRoundTripProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(index_t: pl.Tensor[[1, 8], pl.INT32], src_t: pl.Tensor[[1, 32], pl.FP32], dst_t: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        index_tile: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(index_t, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        src_tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(src_t, [0, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        # Read the target row index off the index tile into a scalar.
        row: pl.Scalar[pl.INT32] = pl.tile.read(index_tile, [0, 0])
        # Round-trip it through an on-core array: set slot 0, copy 0 -> 1
        # (get + in-place set on the SAME backing array), then read slot 1 back.
        arr: pl.Array[4, pl.INT32] = pl.array.create(4, dtype=pl.INT32)
        arr: pl.Array[4, pl.INT32] = pl.array.update_element(arr, 0, row)
        arr: pl.Array[4, pl.INT32] = pl.array.update_element(arr, 1, pl.array.get_element(arr, 0))
        stored: pl.Scalar[pl.INT32] = pl.array.get_element(arr, 1)
        row_idx: pl.Scalar[pl.INDEX] = pl.cast(stored, pl.INDEX)
        return pl.tile.store(src_tile, [row_idx, 0], dst_t)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, index_t: pl.Tensor[[1, 8], pl.INT32], src_t: pl.Tensor[[1, 32], pl.FP32], dst_t: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        dst_t: pl.Tensor[[32, 32], pl.FP32] = self.kernel(index_t, src_t, dst_t)
        return dst_t
