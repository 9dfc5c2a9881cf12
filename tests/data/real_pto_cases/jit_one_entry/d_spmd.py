import pypto.language as pl
import torch


@pl.jit.inline
def spmd_exp(x: pl.Tensor[[256, 64], pl.FP32], y: pl.Tensor[[256, 64], pl.FP32]):
    with pl.spmd(4, name_hint="spmd_exp"):
        r = pl.tile.get_block_idx()
        t = pl.load(x, [r * 64, 0], [64, 64])
        pl.store(pl.exp(t), [r * 64, 0], y)
    return y


@pl.jit
def entry(a: pl.Tensor[[256, 64], pl.FP32], b: pl.Out[pl.Tensor[[256, 64], pl.FP32]]):
    b = spmd_exp(a, b)
    return b


if __name__ == "__main__":
    a = torch.randn(256, 64)
    b = torch.zeros(256, 64)
    entry(a, b)
