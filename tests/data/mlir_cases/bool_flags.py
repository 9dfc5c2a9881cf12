"""A BOOL scalar parameter (`i1`) steering an if, in kernels of our own."""

import pypto.language as pl


@pl.program
class BoolFlag:
    @pl.function(type=pl.FunctionType.InCore)
    def flagged(
        self,
        a: pl.Tensor[[16, 128], pl.FP32],
        first: pl.Scalar[pl.BOOL],
        c: pl.InOut[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        t: pl.Tile[[16, 128], pl.FP32] = pl.load(a, [0, 0], [16, 128])
        if first:
            c = pl.store(t, [0, 0], c)
        else:
            old: pl.Tile[[16, 128], pl.FP32] = pl.load(c, [0, 0], [16, 128])
            s: pl.Tile[[16, 128], pl.FP32] = pl.add(old, t)
            c = pl.store(s, [0, 0], c)
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[16, 128], pl.FP32],
        c: pl.InOut[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        c = self.flagged(a, True, c)
        return c
