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
            for j, (u,) in pl.range(2, init_values=(t,)):
                small = pl.load(a, [0, 0, 0, 0], [1, 3, 8, 64])
                u_out = pl.yield_(small)
            t_out = pl.yield_(u_out)
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
