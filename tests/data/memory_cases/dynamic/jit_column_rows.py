import pypto.language as pl
import torch

T_DYN = pl.dynamic("T_DYN")
K = 1024
K_CHUNK = 256
T_TILE = 8


@pl.jit.inline
def row_norms(x: pl.Tensor[[T_DYN, K], pl.FP32], out: pl.Tensor[[T_DYN, 1], pl.FP32]):
    t_dim = pl.tensor.dim(x, 0)
    t_pad = ((t_dim + 15) // 16) * 16
    inv = pl.create_tensor([t_pad, 1], dtype=pl.FP32)
    for t in pl.spmd(t_dim // T_TILE, name_hint="norms"):
        t0 = t * T_TILE
        sq_sum = pl.full([1, T_TILE], dtype=pl.FP32, value=0.0)
        for kb in pl.range(K // K_CHUNK):
            k0 = kb * K_CHUNK
            chunk = x[t0 : t0 + T_TILE, k0 : k0 + K_CHUNK]
            sq_sum = pl.add(sq_sum, pl.reshape(pl.row_sum(pl.mul(chunk, chunk)), [1, T_TILE]))
        col = pl.reshape(pl.rsqrt(pl.add(pl.mul(sq_sum, 1.0 / K), 1e-6), high_precision=True), [T_TILE, 1])
        inv = pl.assemble(inv, col, [t0, 0])
    for t in pl.spmd(t_dim // T_TILE, name_hint="copy_out"):
        t0 = t * T_TILE
        out[t0 : t0 + T_TILE, 0:1] = inv[t0 : t0 + T_TILE, 0:1]
    return out


@pl.jit
def entry(x: pl.Tensor[[T_DYN, K], pl.FP32], out: pl.Out[pl.Tensor[[T_DYN, 1], pl.FP32]]):
    x.bind_dynamic(0, T_DYN)
    out.bind_dynamic(0, T_DYN)
    out = row_norms(x, out)
    return out


if __name__ == "__main__":
    x = torch.randn(16, K)
    out = torch.zeros(16, 1)
    entry(x, out)
