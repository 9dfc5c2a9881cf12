import pypto.language as pl

T = pl.dynamic("T")
D = 512
T_TILE = 16


@pl.jit.incore
def scale_rows(x: pl.Tensor[[T, D], pl.BF16], y: pl.Out[pl.Tensor[[T, D], pl.BF16]]):
    t_dim = pl.tensor.dim(x, 0)
    for tb in pl.range(t_dim // T_TILE):
        chunk = pl.cast(x[tb * T_TILE : tb * T_TILE + T_TILE, 0:D], target_type=pl.FP32)
        doubled = pl.add(chunk, chunk)
        y[tb * T_TILE : tb * T_TILE + T_TILE, 0:D] = pl.cast(doubled, target_type=pl.BF16)
    return y


@pl.jit
def scale_rows_test(x: pl.Tensor[[T, D], pl.BF16], y: pl.Out[pl.Tensor[[T, D], pl.BF16]]):
    x.bind_dynamic(0, T)
    y.bind_dynamic(0, T)
    scale_rows(x, y)
    return y


if __name__ == "__main__":
    import torch

    x = torch.zeros(64, D, dtype=torch.bfloat16)
    y = torch.zeros(64, D, dtype=torch.bfloat16)
    scale_rows_test(x, y)
