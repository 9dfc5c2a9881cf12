import pypto.language as pl


@pl.program
class MixedAccumulatorLoop:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[16, 256], pl.BF16],
        w: pl.Tensor[[256, 64], pl.BF16],
        h: pl.Tensor[[16, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            acc = pl.create_tensor([16, 64], dtype=pl.FP32)
            for kb in pl.range(4):
                k0 = kb * 64
                tile_a = a[:, k0 : k0 + 64]
                tile_w = w[k0 : k0 + 64, :]
                if kb == 0:
                    acc = pl.matmul(tile_a, tile_w, out_dtype=pl.FP32)
                else:
                    acc = pl.matmul_acc(acc, tile_a, tile_w)
            out = pl.assemble(out, pl.add(acc, h), [0, 0])
        return out
