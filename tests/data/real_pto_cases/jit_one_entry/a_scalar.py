import pypto.language as pl
import torch


@pl.jit.inline
def scaled_by(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32], s: pl.Scalar[pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scaled_by"):
        t = pl.load(x, [0, 0], [64, 64])
        pl.store(pl.mul(t, s), [0, 0], y)
    return y


@pl.jit
def entry(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.FP32]):
    b = scaled_by(a, b, k)
    return b


if __name__ == "__main__":
    a = torch.randn(64, 64)
    b = torch.zeros(64, 64)
    entry(a, b, 3.0)
