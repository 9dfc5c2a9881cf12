import pypto.language as pl


@pl.program
class AtMost:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self,
        a: pl.Tensor[[64, 256], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 256], pl.FP32]],
    ) -> pl.Tensor[[64, 256], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 256])
        tmp = pl.create_tile([64, 256], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        tc = pl.add(ta, tmp)
        out = pl.store(tc, [0, 0], c)
        return out
