"""Tensors of rank 3 and 4 in kernels of our own (FlattenTileNdTo2D: the tiles are 2-D, the
tensor views and their partitions keep the tensor's rank)."""

import pypto.language as pl


@pl.program
class Batched3D:
    @pl.function(type=pl.FunctionType.InCore)
    def scale3d(
        self,
        x: pl.Tensor[[4, 16, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[4, 16, 32], pl.FP16]],
    ) -> pl.Tensor[[4, 16, 32], pl.FP16]:
        for b in pl.range(2):
            t: pl.Tile[[2, 16, 32], pl.FP16] = pl.load(x, [b * 2, 0, 0], [2, 16, 32])
            u: pl.Tile[[2, 16, 32], pl.FP16] = pl.add(t, t)
            y = pl.store(u, [b * 2, 0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        x: pl.Tensor[[4, 16, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[4, 16, 32], pl.FP16]],
    ) -> pl.Tensor[[4, 16, 32], pl.FP16]:
        y = self.scale3d(x, y)
        return y


@pl.program
class RowsInto4D:
    @pl.function(type=pl.FunctionType.InCore)
    def rows4d(
        self,
        a: pl.Tensor[[8, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[2, 3, 8, 32], pl.FP32]],
    ) -> pl.Tensor[[2, 3, 8, 32], pl.FP32]:
        t: pl.Tile[[8, 32], pl.FP32] = pl.load(a, [0, 0], [8, 32])
        e: pl.Tile[[8, 32], pl.FP32] = pl.exp(t)
        out = pl.store(e, [1, 2, 0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[8, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[2, 3, 8, 32], pl.FP32]],
    ) -> pl.Tensor[[2, 3, 8, 32], pl.FP32]:
        out = self.rows4d(a, out)
        return out
