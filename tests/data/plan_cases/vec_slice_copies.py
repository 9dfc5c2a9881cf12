import pypto.language as pl


@pl.program
class VecSliceCopies:
    @pl.function(type=pl.FunctionType.InCore)
    def windows(
        self,
        a: pl.Tensor[[16, 128], pl.FP32],
        r: pl.Tensor[[1, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 128])
        row = pl.load(r, [0, 0], [1, 64])
        hi = pl.tile.slice(t, [16, 64], [0, 64])  # a column window a col_expand op reads: copied
        y = pl.col_expand_mul(hi, row)
        lo = pl.tile.slice(t, [16, 64], [0, 0])  # starts at the source's start: read in place by an add
        z = pl.add(lo, y)
        odd = pl.tile.slice(t, [16, 64], [0, 1])  # 4 bytes in: not aligned, copied for the add
        w = pl.add(z, odd)
        one = pl.tile.slice(t, [1, 64], [2, 64])  # one row, 32-byte aligned: read in place
        v = pl.col_expand_mul(w, one)
        out = pl.store(v, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 128], pl.FP32], r: pl.Tensor[[1, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        c = pl.create_tensor([16, 64], dtype=pl.FP32)
        c = self.windows(a, r, c)
        return c
