import pypto.language as pl
import torch


@pl.jit.inline
def row_block(x: pl.Tensor[[256, 64], pl.FP32], y: pl.Tensor[[256, 64], pl.FP32], r: pl.Scalar[pl.INDEX]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="row_block"):
        t = pl.load(x, [r, 0], [64, 64])
        pl.store(pl.exp(t), [r, 0], y)
    return y


@pl.jit
def entry(a: pl.Tensor[[256, 64], pl.FP32], b: pl.Out[pl.Tensor[[256, 64], pl.FP32]]):
    for i in pl.range(4):
        b = row_block(a, b, i * 64)
    return b


if __name__ == "__main__":
    a = torch.randn(256, 64)
    b = torch.zeros(256, 64)
    entry(a, b)
