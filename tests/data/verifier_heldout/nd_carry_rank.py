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
        for i, (t,) in pl.range(2, init_values=(a_tile,)):
            flat = pl.load(a, [0, 0, 0, 0], [2, 3, 8, 64])
            sq = pl.tile.mul(flat, flat)
            t2 = pl.tile.reshape(sq, [48, 64])
            t_out = pl.yield_(t2)
        out = pl.store(a_tile, [2, 0, 0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[4, 3, 8, 64], pl.FP32],
        out: pl.InOut[pl.Tensor[[4, 3, 8, 64], pl.FP32]],
    ) -> pl.Tensor[[4, 3, 8, 64], pl.FP32]:
        out = self.kernel(a, out)
        return out
