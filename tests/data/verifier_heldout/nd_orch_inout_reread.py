import pypto.language as pl
@pl.program
class Tile4DMulPartialProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[4, 3, 8, 64], pl.FP32],
        out: pl.InOut[pl.Tensor[[4, 3, 8, 64], pl.FP32]],
    ) -> pl.Tensor[[4, 3, 8, 64], pl.FP32]:
        a_tile = pl.load(a, [0, 0, 0, 0], [2, 3, 8, 64])
        c_tile = pl.tile.mul(a_tile, a_tile)
        out = pl.store(c_tile, [2, 0, 0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[4, 3, 8, 64], pl.FP32],
        out: pl.InOut[pl.Tensor[[4, 3, 8, 64], pl.FP32]],
    ) -> pl.Tensor[[4, 3, 8, 64], pl.FP32]:
        self.kernel(a, out)
        out2 = self.kernel(a, out)
        out = out2
        return out
