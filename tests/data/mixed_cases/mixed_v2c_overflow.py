import pypto.language as pl


@pl.program
class MixedV2COverflow:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[224, 128], pl.FP32],
        b: pl.Tensor[[224, 128], pl.FP32],
        x: pl.Tensor[[64, 64], pl.FP32],
        w: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        d: pl.Out[pl.Tensor[[224, 128], pl.FP32]],
    ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[224, 128], pl.FP32]]:
        ta = pl.load(a, [0, 0], [224, 128])
        tb = pl.load(b, [0, 0], [224, 128])
        tx = pl.load(x, [0, 0], [64, 64])
        s = pl.add(tx, tx)
        w_mat = pl.load(w, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(s, w_mat)
        out_c = pl.store(acc, [0, 0], c)
        p = pl.mul(ta, tb)
        out_d = pl.store(p, [0, 0], d)
        return out_c, out_d
