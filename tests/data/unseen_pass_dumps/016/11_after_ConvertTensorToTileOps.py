# pypto.program: TensorSetValidShapeMaxProgram
import pypto.language as pl

@pl.program
class TensorSetValidShapeMaxProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(input_tensor__ssa_v0: pl.Tensor[[64, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        input_tensor__tile: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(input_tensor__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        narrowed__tile: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[48, 56])] = pl.tile.set_validshape(input_tensor__tile, 48, 56)
        padded__tile: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.max)] = pl.tile.fillpad(narrowed__tile, pad_value=pl.PadValue.max)
        output__tile: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(padded__tile, [0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, input_tensor__ssa_v0: pl.Tensor[[64, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        output__ssa_v1: pl.Tensor[[64, 64], pl.FP32] = self.main_incore_0(input_tensor__ssa_v0, output__ssa_v0)
        return output__ssa_v1
