import pypto.language as pl

ROWS = 64
SPACE = pl.MemorySpace.Vec


@pl.program
class PS:
    @pl.function(type=pl.FunctionType.Inline)
    def helper(self, t: pl.Tile[[64, 64], pl.FP32, pl.MemorySpace.Vec, pl.MemorySpace.Vec]) -> pl.Tile[[64, 64], pl.FP32]:
        u = pl.add(t, t)
        return u

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 64])
        tb = pl.load(b, [0, 0], [64, 64])
        tc = self.helper(pl.add(ta, tb))
        return pl.store(tc, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        out = self.kernel(a, b, out)
        return out
