import pypto.language as pl

ROWS = 16 * 48


@pl.program
class HardSyncall:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[ROWS, 128], pl.FP32],
        w: pl.Tensor[[128, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[ROWS, 128], pl.FP32]],
    ) -> pl.Tensor[[ROWS, 128], pl.FP32]:
        block_idx = pl.tile.get_block_idx()
        offset = block_idx * 16
        tile_a = pl.load(a, [offset, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        tile_b = pl.load(w, [0, 0], [128, 128], target_memory=pl.MemorySpace.Mat)
        pl.system.syncall(core_type="aic_only")
        tile_c = pl.matmul(tile_a, tile_b)
        out = pl.store(tile_c, [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[ROWS, 128], pl.FP32],
        w: pl.Tensor[[128, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[ROWS, 128], pl.FP32]],
    ) -> pl.Tensor[[ROWS, 128], pl.FP32]:
        with pl.spmd(24, sync_start=True):
            out = self.kernel(a, w, out)
        return out
