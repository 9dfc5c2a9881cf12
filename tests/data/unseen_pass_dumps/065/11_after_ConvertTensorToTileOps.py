# pypto.program: GatherCompareGtFP16Program
import pypto.language as pl

@pl.program
class GatherCompareGtFP16Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(kv_buf__ssa_v0: pl.Tensor[[1], pl.FP16], src__ssa_v0: pl.Tensor[[16, 64], pl.FP16], out_dst__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.INT32]], out_cdst__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.INT32]]) -> tuple[pl.Tensor[[16, 8], pl.INT32], pl.Tensor[[1, 16], pl.INT32]]:
        kvalue__tile: pl.Scalar[pl.FP16] = pl.tensor.read(kv_buf__ssa_v0, [0])
        src__ssa_v0_vec: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.load(src__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        gc_tmp: pl.Tile[[16, 64], pl.UINT8, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        _tuple_tmp__tile: pl.Tuple[pl.Tile[[16, 8], pl.INT32, pl.Mem.Vec], pl.Tile[[1, 16], pl.INT32, pl.Mem.Vec]] = pl.tile.gather_compare(src__ssa_v0_vec, kvalue__tile, gc_tmp, cmp_mode=4, offset=0, out_cols=8, count_dtype=pl.INT32)
        dst__ssa_v0: pl.Tile[[16, 8], pl.INT32, pl.Mem.Vec] = _tuple_tmp__tile[0]
        cdst__ssa_v0: pl.Tile[[1, 16], pl.INT32, pl.Mem.Vec] = _tuple_tmp__tile[1]
        out_dst__tile: pl.Tensor[[16, 8], pl.INT32] = pl.tile.store(dst__ssa_v0, [0, 0], out_dst__ssa_v0)
        out_cdst__tile: pl.Tensor[[1, 16], pl.INT32] = pl.tile.store(cdst__ssa_v0, [0, 0], out_cdst__ssa_v0)
        return out_dst__ssa_v0, out_cdst__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[16, 64], pl.FP16], kv_buf__ssa_v0: pl.Tensor[[1], pl.FP16], out_dst__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.INT32]], out_cdst__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.INT32]]) -> tuple[pl.Tensor[[16, 8], pl.INT32], pl.Tensor[[1, 16], pl.INT32]]:
        ret__tmp_v0: pl.Tuple[pl.Tensor[[16, 8], pl.INT32], pl.Tensor[[1, 16], pl.INT32]] = self.main_incore_0(kv_buf__ssa_v0, src__ssa_v0, out_dst__ssa_v0, out_cdst__ssa_v0)
        out_dst__ssa_v1: pl.Tensor[[16, 8], pl.INT32] = ret__tmp_v0[0]
        out_cdst__ssa_v1: pl.Tensor[[1, 16], pl.INT32] = ret__tmp_v0[1]
        return out_dst__ssa_v1, out_cdst__ssa_v1
