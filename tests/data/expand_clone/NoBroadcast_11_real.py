# pypto.program: NoBroadcast
import pypto.language as pl

@pl.program
class NoBroadcast:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(x__ssa_v0: pl.Tensor[[4, 8, 16], pl.FP32], y__ssa_v0: pl.Out[pl.Tensor[[4, 8, 16], pl.FP32]]) -> pl.Tensor[[4, 8, 16], pl.FP32]:
        expand_clone_input: pl.Tile[[4, 8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 0, 0], [4, 8, 16], [4, 8, 16], target_memory=pl.Mem.Vec)
        out__tile: pl.Tensor[[4, 8, 16], pl.FP32] = pl.tile.store(expand_clone_input, [0, 0, 0], y__ssa_v0)
        return out__tile
