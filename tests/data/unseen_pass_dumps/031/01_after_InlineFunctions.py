# pypto.program: TensorScalarWriteTransposeFP32Program
import pypto.language as pl

@pl.program
class TensorScalarWriteTransposeFP32Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def copy_out(table: pl.Tensor[[16, 32], pl.FP32], dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(table, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        return pl.tile.store(tile, [0, 0], dst)
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def init(table: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 32], dtype=pl.FP32, value=-1.0)
        return pl.tile.store(tile, [0, 0], table)
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def write_table(vals: pl.Tensor[[32], pl.FP32], table: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        for k in pl.unroll(2):
            for t in pl.unroll(16):
                val: pl.Scalar[pl.FP32] = pl.tensor.read(vals, [k * 16 + t])
                table: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.write(table, [t, k], val)
        return table
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, vals: pl.Tensor[[32], pl.FP32], dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        table: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.create([16, 32], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        table: pl.Tensor[[16, 32], pl.FP32] = self.init(table)
        table: pl.Tensor[[16, 32], pl.FP32] = self.write_table(vals, table)
        dst: pl.Tensor[[16, 32], pl.FP32] = self.copy_out(table, dst)
        return dst
