import pypto.language as pl
import torch


@pl.jit.inline
def scaled(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scale"):
        t = pl.load(x, [0, 0], [64, 64])
        u = pl.mul(t, 3.0)
        pl.store(u, [0, 0], y)
    return y


@pl.jit
def three_scales(
    a: pl.Tensor[[64, 64], pl.FP32],
    b: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    d: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    b = scaled(a, b)
    c = scaled(b, c)
    d = scaled(c, d)
    return b, c, d


if __name__ == "__main__":
    a = torch.randn(64, 64)
    b = torch.zeros(64, 64)
    c = torch.zeros(64, 64)
    d = torch.zeros(64, 64)
    three_scales.compile(a, b, c, d)
