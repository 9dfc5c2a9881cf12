import pypto.language as pl
import torch

T_DYN = pl.dynamic("T_DYN")
D = 1024
D_TILE = 128
T_TILE = 8
EPS = 1e-6


@pl.jit.inline
def rms_norm(
    x: pl.Tensor[[T_DYN, D], pl.BF16],
    norm_w: pl.Tensor[[D], pl.BF16],
    x_normed: pl.Tensor[[T_DYN, D], pl.BF16],
):
    t_dim = pl.tensor.dim(x, 0)
    with pl.spmd(t_dim // T_TILE, name_hint="rms_norm"):
        tg = pl.tile.get_block_idx() * T_TILE
        x_sq_sum = pl.full([1, T_TILE], dtype=pl.FP32, value=0.0)
        for db in pl.range(D // D_TILE):
            d0 = db * D_TILE
            chunk = pl.cast(x[tg : tg + T_TILE, d0 : d0 + D_TILE], target_type=pl.FP32)
            x_sq_sum = pl.add(x_sq_sum, pl.reshape(pl.row_sum(pl.mul(chunk, chunk)), [1, T_TILE]))
        x_inv_rms = pl.rsqrt(pl.add(pl.mul(x_sq_sum, 1.0 / D), EPS), high_precision=True)
        x_inv_rms_t = pl.reshape(x_inv_rms, [T_TILE, 1])
        for ab in pl.range(D // D_TILE):
            a0 = ab * D_TILE
            x_chunk = pl.cast(x[tg : tg + T_TILE, a0 : a0 + D_TILE], target_type=pl.FP32)
            w_chunk = pl.cast(pl.reshape(norm_w[a0 : a0 + D_TILE], [1, D_TILE]), pl.FP32)
            normed = pl.col_expand_mul(pl.row_expand_mul(x_chunk, x_inv_rms_t), w_chunk)
            x_normed[tg : tg + T_TILE, a0 : a0 + D_TILE] = pl.cast(normed, target_type=pl.BF16, mode="rint")
    return x_normed


@pl.jit
def entry(
    x: pl.Tensor[[T_DYN, D], pl.BF16],
    norm_w: pl.Tensor[[D], pl.BF16],
    x_normed: pl.Out[pl.Tensor[[T_DYN, D], pl.BF16]],
):
    x.bind_dynamic(0, T_DYN)
    x_normed.bind_dynamic(0, T_DYN)
    x_normed = rms_norm(x, norm_w, x_normed)
    return x_normed


if __name__ == "__main__":
    x = torch.randn(16, D).to(torch.bfloat16)
    norm_w = torch.randn(D).to(torch.bfloat16)
    x_normed = torch.zeros(16, D, dtype=torch.bfloat16)
    entry(x, norm_w, x_normed)
