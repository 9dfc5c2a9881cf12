import pypto.language as pl

M = 64
K = 64
N = 64


@pl.program
class PS:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[M, K], pl.FP32],
        b: pl.Tensor[[K, N], pl.FP32],
        v: pl.Tensor[[N, N], pl.FP32],
        out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qkpv"):
            a_l1 = pl.load(a, [0, 0], [M, K], target_memory=pl.MemorySpace.Mat)
            b_l1 = pl.load(b, [0, 0], [K, N], target_memory=pl.MemorySpace.Mat)
            a_left = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
            b_right = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
            qk = pl.matmul(a_left, b_right)
            qk_h = pl.aiv_shard(qk)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                sc = pl.mul(qk_h, 2.0)
                full = pl.aic_gather(sc)
            full_left = pl.move(full, target_memory=pl.MemorySpace.Left)
            v_l1 = pl.load(v, [0, 0], [N, N], target_memory=pl.MemorySpace.Mat)
            v_right = pl.move(v_l1, target_memory=pl.MemorySpace.Right)
            pv = pl.matmul(full_left, v_right)
            out = pl.store(pv, [0, 0], out)
        return out
