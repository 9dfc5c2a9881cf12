import pypto.language as pl
import torch


@pl.jit.inline
def bump(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="bump"):
        t = pl.load(x, [0, 0], [64, 64])
        pl.store(pl.add(t, 1.0), [0, 0], y)
    return y


@pl.jit.inline
def twice(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32]):
    y = bump(x, y)
    y = bump(y, y)
    return y


@pl.jit.incore
def halve(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    t = pl.load(x, [0, 0], [64, 64])
    y = pl.store(pl.mul(t, 0.5), [0, 0], y)
    return y


@pl.jit.opaque
def opaque_scale(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="oscale"):
        t = pl.load(x, [0, 0], [64, 64])
        y = pl.store(pl.mul(t, 4.0), [0, 0], y)
    return y


@pl.jit
def nested(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    b = twice(a, b)
    return b


@pl.jit
def mixed(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Out[pl.Tensor[[64, 64], pl.FP32]], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    b = bump(a, b)
    c = halve(b, c)
    return c


@pl.jit
def with_opaque(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    b = opaque_scale(a, b)
    return b


@pl.jit
def own_and_helper(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Out[pl.Tensor[[64, 64], pl.FP32]], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="bump"):
        t = pl.load(a, [0, 0], [64, 64])
        c = pl.store(pl.sub(t, t), [0, 0], c)
    b = bump(a, b)
    return b


if __name__ == "__main__":
    a = torch.randn(64, 64)
    b = torch.zeros(64, 64)
    c = torch.zeros(64, 64)
    nested(a, b)
    mixed(a, b, c)
    with_opaque(a, b)
    own_and_helper(a, b, c)
