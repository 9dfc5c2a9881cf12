# pypto.program: FillpadExpandTensorFP32
import pypto.language as pl

@pl.program
class FillpadExpandTensorFP32:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(a__ssa_v0: pl.Tensor[[48, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a__tile: pl.Tile[[48, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [48, 64], [48, 64], target_memory=pl.Mem.Vec)
        result__tile: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.zero)] = pl.tile.fillpad_expand(a__tile, [64, 64], pad_value=pl.PadValue.zero)
        t__tile: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(result__tile, [0, 0], output__ssa_v0)
        return t__tile
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, a__ssa_v0: pl.Tensor[[48, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t__tmp_v0: pl.Tensor[[64, 64], pl.FP32] = self.kernel(a__ssa_v0, output__ssa_v0)
        return t__tmp_v0
