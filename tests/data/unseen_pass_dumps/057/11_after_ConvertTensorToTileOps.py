# pypto.program: GatherMaskOutputDtypeProgram
import pypto.language as pl

@pl.program
class GatherMaskOutputDtypeProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(inp__ssa_v0: pl.Tensor[[8, 16], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[8, 8], pl.UINT32]]) -> pl.Tensor[[8, 8], pl.UINT32]:
        inp__tile: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp__ssa_v0, [0, 0], [8, 16], [8, 16], target_memory=pl.Mem.Vec)
        out__tile: pl.Tile[[8, 8], pl.UINT32, pl.Mem.Vec] = pl.tile.gather_mask(inp__tile, mask_pattern=2, output_dtype=pl.UINT32)
        output__tile: pl.Tensor[[8, 8], pl.UINT32] = pl.tile.store(out__tile, [0, 0], output__ssa_v0)
        return output__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, inp__ssa_v0: pl.Tensor[[8, 16], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[8, 8], pl.UINT32]]) -> pl.Tensor[[8, 8], pl.UINT32]:
        output__ssa_v1: pl.Tensor[[8, 8], pl.UINT32] = self.main_incore_0(inp__ssa_v0, output__ssa_v0)
        return output__ssa_v1
