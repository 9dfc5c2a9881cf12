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
        for (t, n) in pl.while_(init_values=(a_tile, 0)):
            pl.cond(n < 3)
            t2 = pl.tile.mul(t, t)
            t3 = pl.cast(t2, pl.FP16)
            t_out, n_out = pl.yield_(t3, n + 1)
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
