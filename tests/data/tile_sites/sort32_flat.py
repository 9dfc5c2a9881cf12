import pypto.language as pl


@pl.program
class Sort32Flat:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 64])
        tb = pl.load(b, [0, 0], [64, 64])
        ti = pl.tile.create([32], pl.UINT32, target_memory=pl.MemorySpace.Vec)
        tf = pl.tile.reshape(pl.tile.slice(ta, [1, 32], [0, 0]), [32])
        ts = pl.tile.sort32(tf, ti)
        tc = ta
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
