import pypto.language as pl
import torch


@pl.jit
def entry(a: pl.Tensor[[256, 64], pl.FP32], b: pl.Out[pl.Tensor[[256, 64], pl.FP32]]):
    with pl.cluster():
        with pl.spmd(4):
            r = pl.tile.get_block_idx()
            t = pl.load(a, [r * 64, 0], [64, 64])
            b = pl.store(pl.exp(t), [r * 64, 0], b)
    return b


if __name__ == "__main__":
    a = torch.randn(256, 64)
    b = torch.zeros(256, 64)
    entry(a, b)
