import pypto.language as pl

ROWS = 16 * 48


@pl.program
class HardSyncall:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[ROWS, 128], pl.FP32],
        b: pl.Tensor[[ROWS, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[ROWS, 128], pl.FP32]],
    ) -> pl.Tensor[[ROWS, 128], pl.FP32]:
        block_idx = pl.tile.get_block_idx()
        offset = block_idx * 16
        tile_a = pl.load(a, [offset, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        tile_b = pl.load(b, [offset, 0], [16, 128])
        pl.system.syncall(core_type="aiv_only")
        tile_c = pl.add(tile_a, tile_b)
        out = pl.store(tile_c, [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[ROWS, 128], pl.FP32],
        b: pl.Tensor[[ROWS, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[ROWS, 128], pl.FP32]],
    ) -> pl.Tensor[[ROWS, 128], pl.FP32]:
        with pl.spmd(pl.system.available_aiv_count(), sync_start=True):
            out = self.kernel(a, b, out)
        return out
