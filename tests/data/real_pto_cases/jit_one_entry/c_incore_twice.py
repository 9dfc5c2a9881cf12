import pypto.language as pl
import torch


@pl.jit.incore
def neg(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    t = pl.load(x, [0, 0], [64, 64])
    y = pl.store(pl.neg(t), [0, 0], y)
    return y


@pl.jit
def entry(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Out[pl.Tensor[[64, 64], pl.FP32]], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    b = neg(a, b)
    c = neg(b, c)
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(c, [0, 0], [64, 64])
        c = pl.store(pl.add(t, t), [0, 0], c)
    return c


if __name__ == "__main__":
    a = torch.randn(64, 64)
    b = torch.zeros(64, 64)
    c = torch.zeros(64, 64)
    entry(a, b, c)
