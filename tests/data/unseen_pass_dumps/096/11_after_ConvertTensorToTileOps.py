# pypto.program: PagedGatherVecProgram
import pypto.language as pl

@pl.program
class PagedGatherVecProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(src__ssa_v0: pl.Tensor[[256, 128], pl.FP16], idx__ssa_v0: pl.Tensor[[16], pl.INT32], bt__ssa_v0: pl.Tensor[[16], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP16]]) -> pl.Tensor[[16, 128], pl.FP16]:
        pg_rows: pl.Scalar[pl.INDEX] = pl.tensor.dim(idx__ssa_v0, 0)
        paged_gather_acc: pl.Tile[[16, 128], pl.FP16, pl.Mem.Vec] = pl.tile.create([16, 128], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        for pg_i, (paged_gather_iter,) in pl.range(pg_rows, init_values=(paged_gather_acc,)):
            pg_idx_raw__tile: pl.Scalar[pl.INT32] = pl.tensor.read(idx__ssa_v0, [pg_i])
            pg_idx: pl.Scalar[pl.INDEX] = pl.cast(pg_idx_raw__tile, pl.INDEX)
            pg_blk: pl.Scalar[pl.INDEX] = pg_idx // 16
            pg_rem: pl.Scalar[pl.INDEX] = pg_idx % 16
            pg_pblk_raw__tile: pl.Scalar[pl.INT32] = pl.tensor.read(bt__ssa_v0, [pg_blk])
            pg_pblk: pl.Scalar[pl.INDEX] = pl.cast(pg_pblk_raw__tile, pl.INDEX)
            pg_phys: pl.Scalar[pl.INDEX] = pg_pblk * 16 + pg_rem
            pg_row: pl.Tile[[16, 128], pl.FP16, pl.Mem.Vec] = pl.tile.gather_row(paged_gather_iter, src__ssa_v0, [pg_i, 0], [pg_phys, 0], [1, 128], transpose=False)
            paged_gather_result: pl.Tile[[16, 128], pl.FP16, pl.Mem.Vec] = pl.yield_(pg_row)
        out__tile: pl.Tile[[16, 128], pl.FP16, pl.Mem.Vec] = paged_gather_result
        output__tile: pl.Tensor[[16, 128], pl.FP16] = pl.tile.store(out__tile, [0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[256, 128], pl.FP16], idx__ssa_v0: pl.Tensor[[16], pl.INT32], bt__ssa_v0: pl.Tensor[[16], pl.INT32], output__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP16]]) -> pl.Tensor[[16, 128], pl.FP16]:
        output__ssa_v1: pl.Tensor[[16, 128], pl.FP16] = self.main_incore_0(src__ssa_v0, idx__ssa_v0, bt__ssa_v0, output__ssa_v0)
        return output__ssa_v1
