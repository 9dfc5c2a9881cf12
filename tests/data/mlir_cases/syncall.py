"""`pl.system.syncall` in SPMD kernels of our own (the hard form; the soft one over a 1-D
INT32 workspace)."""

import pypto.language as pl


@pl.program
class HardBarrier:
    @pl.function(type=pl.FunctionType.InCore)
    def hard_sync(
        self,
        a: pl.Tensor[[3072, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[3072, 64], pl.FP32]],
    ) -> pl.Tensor[[3072, 64], pl.FP32]:
        block_idx = pl.tile.get_block_idx()
        offset = block_idx * 64
        t = pl.load(a, [offset, 0], [64, 64])
        pl.system.syncall(core_type="aiv_only")
        u = pl.exp(t)
        out = pl.store(u, [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[3072, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[3072, 64], pl.FP32]],
    ) -> pl.Tensor[[3072, 64], pl.FP32]:
        with pl.spmd(48, sync_start=True):
            out = self.hard_sync(a, out)
        return out


@pl.program
class SoftBarrier:
    @pl.function(type=pl.FunctionType.InCore)
    def soft_sync(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        ws: pl.Tensor[[32], pl.INT32],
        out: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        block_idx = pl.tile.get_block_idx()
        offset = block_idx * 64
        t = pl.load(a, [offset, 0], [64, 64])
        pl.system.syncall(mode="soft", core_type="aiv_only", gm_workspace=ws, used_cores=2)
        u = pl.add(t, t)
        out = pl.store(u, [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[128, 64], pl.FP32],
        ws: pl.Tensor[[32], pl.INT32],
        out: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        with pl.spmd(2):
            out = self.soft_sync(a, ws, out)
        return out
