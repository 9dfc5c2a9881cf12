# pypto.program: TensorCmpProgram
import pypto.language as pl

@pl.program
class TensorCmpProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(lhs__ssa_v0: pl.Tensor[[16, 16], pl.FP32], rhs__ssa_v0: pl.Tensor[[16, 16], pl.FP32], eq__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], ne__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], lt__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], le__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], gt__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], ge__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        lhs__tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(lhs__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        rhs__tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(rhs__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        cmp_mask: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 2])] = pl.tile.cmp(lhs__tile, rhs__tile, cmp_type=0)
        cmp_one: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=1.0)
        cmp_zero: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
        cmp_tmp: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sel(cmp_mask, cmp_one, cmp_zero, cmp_tmp)
        eq__tile: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t__tile, [0, 0], eq__ssa_v0)
        cmp_mask_1: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 2])] = pl.tile.cmp(lhs__tile, rhs__tile, cmp_type=1)
        cmp_one_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=1.0)
        cmp_zero_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
        cmp_tmp_1: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        t__tile_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sel(cmp_mask_1, cmp_one_1, cmp_zero_1, cmp_tmp_1)
        ne__tile: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t__tile_1, [0, 0], ne__ssa_v0)
        cmp_mask_2: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 2])] = pl.tile.cmp(lhs__tile, rhs__tile, cmp_type=2)
        cmp_one_2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=1.0)
        cmp_zero_2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
        cmp_tmp_2: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        t__tile_2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sel(cmp_mask_2, cmp_one_2, cmp_zero_2, cmp_tmp_2)
        lt__tile: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t__tile_2, [0, 0], lt__ssa_v0)
        cmp_mask_3: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 2])] = pl.tile.cmp(lhs__tile, rhs__tile, cmp_type=3)
        cmp_one_3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=1.0)
        cmp_zero_3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
        cmp_tmp_3: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        t__tile_3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sel(cmp_mask_3, cmp_one_3, cmp_zero_3, cmp_tmp_3)
        le__tile: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t__tile_3, [0, 0], le__ssa_v0)
        cmp_mask_4: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 2])] = pl.tile.cmp(lhs__tile, rhs__tile, cmp_type=4)
        cmp_one_4: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=1.0)
        cmp_zero_4: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
        cmp_tmp_4: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        t__tile_4: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sel(cmp_mask_4, cmp_one_4, cmp_zero_4, cmp_tmp_4)
        gt__tile: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t__tile_4, [0, 0], gt__ssa_v0)
        cmp_mask_5: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 2])] = pl.tile.cmp(lhs__tile, rhs__tile, cmp_type=5)
        cmp_one_5: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=1.0)
        cmp_zero_5: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
        cmp_tmp_5: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        t__tile_5: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sel(cmp_mask_5, cmp_one_5, cmp_zero_5, cmp_tmp_5)
        ge__tile: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t__tile_5, [0, 0], ge__ssa_v0)
        return eq__ssa_v0, ne__ssa_v0, lt__ssa_v0, le__ssa_v0, gt__ssa_v0, ge__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, lhs__ssa_v0: pl.Tensor[[16, 16], pl.FP32], rhs__ssa_v0: pl.Tensor[[16, 16], pl.FP32], eq__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], ne__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], lt__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], le__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], gt__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]], ge__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        ret__tmp_v0: pl.Tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]] = self.main_incore_0(lhs__ssa_v0, rhs__ssa_v0, eq__ssa_v0, ne__ssa_v0, lt__ssa_v0, le__ssa_v0, gt__ssa_v0, ge__ssa_v0)
        eq__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = ret__tmp_v0[0]
        ne__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = ret__tmp_v0[1]
        lt__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = ret__tmp_v0[2]
        le__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = ret__tmp_v0[3]
        gt__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = ret__tmp_v0[4]
        ge__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = ret__tmp_v0[5]
        return eq__ssa_v1, ne__ssa_v1, lt__ssa_v1, le__ssa_v1, gt__ssa_v1, ge__ssa_v1
