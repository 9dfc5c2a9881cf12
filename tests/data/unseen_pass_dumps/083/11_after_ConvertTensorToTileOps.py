# pypto.program: GatherRowTwoRunProgram
import pypto.language as pl

@pl.program
class GatherRowTwoRunProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(n__ssa_v0: pl.Tensor[[1], pl.INT32], src__ssa_v0: pl.Tensor[[256, 128], pl.FP16], eye__ssa_v0: pl.Tensor[[128, 128], pl.FP16], output__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t__tile: pl.Scalar[pl.INT32] = pl.tensor.read(n__ssa_v0, [0])
        r1__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(t__tile, pl.INDEX)
        kv__tile: pl.Tile[[128, 128], pl.FP16, pl.Mem.Mat] = pl.tile.create([128, 128], dtype=pl.FP16, target_memory=pl.Mem.Mat, transpose=False)
        kv__tile_1: pl.Tile[[128, 128], pl.FP16, pl.Mem.Mat] = pl.tile.gather_row(kv__tile, src__ssa_v0, [0, 0], [0, 0], [128, 128], valid_shape=[r1__ssa_v0, 128], transpose=False)
        kv__tile_2: pl.Tile[[128, 128], pl.FP16, pl.Mem.Mat] = pl.tile.gather_row(kv__tile_1, src__ssa_v0, [r1__ssa_v0, 0], [128, 0], [128, 128], valid_shape=[128 - r1__ssa_v0, 128], transpose=False)
        eye__ssa_v0_mat: pl.Tile[[128, 128], pl.FP16, pl.Mem.Mat] = pl.tile.load(eye__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        result__tile: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(eye__ssa_v0_mat, kv__tile_2)
        output__tile: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(result__tile, [0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[256, 128], pl.FP16], n__ssa_v0: pl.Tensor[[1], pl.INT32], eye__ssa_v0: pl.Tensor[[128, 128], pl.FP16], output__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        output__ssa_v1: pl.Tensor[[128, 128], pl.FP32] = self.main_incore_0(n__ssa_v0, src__ssa_v0, eye__ssa_v0, output__ssa_v0)
        return output__ssa_v1
