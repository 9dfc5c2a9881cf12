import pypto.language as pl


@pl.program
class StoresIntoOneTarget:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[64, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        q = pl.create_tensor([64, 128], dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.tile.load(a, [0, 0], [16, 128])
            pl.tile.store(t, [0, 0], q)
            for i in pl.range(1, 3):
                u = pl.tile.load(a, [i * 16, 0], [16, 128])
                pl.tile.store(u, [i * 16, 0], q)
            w = pl.tile.add(t, t)
            pl.tile.store(w, [48, 0], q)
        with pl.at(level=pl.Level.CORE_GROUP):
            for j in pl.range(4):
                r = pl.tile.load(q, [j * 16, 0], [16, 128])
                out = pl.tile.store(r, [j * 16, 0], out)
        return out
