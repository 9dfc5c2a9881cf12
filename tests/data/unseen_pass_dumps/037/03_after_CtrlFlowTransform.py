# pypto.program: BranchChainManualScope
import pypto.language as pl

@pl.program
class BranchChainManualScope:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_stripe(data: pl.Tensor[[1024, 64], pl.FP32], row_offset: pl.Scalar[pl.INDEX], bias: pl.Scalar[pl.FP32], out: pl.Out[pl.Tensor[[1024, 64], pl.FP32]]) -> pl.Tensor[[1024, 64], pl.FP32]:
        tile: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [row_offset, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        result: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(tile, bias)
        ret: pl.Tensor[[1024, 64], pl.FP32] = pl.tile.store(result, [row_offset, 0], out)
        return ret
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, data: pl.Tensor[[1024, 64], pl.FP32], out: pl.Out[pl.Tensor[[1024, 64], pl.FP32]]) -> pl.Tensor[[1024, 64], pl.FP32]:
        with pl.scope(mode=pl.ScopeMode.MANUAL):
            for branch in pl.parallel(4):
                # Per-branch sequential chain: thread the previous step's
                # TaskId through the inner ``pl.range`` iter_arg. The
                # first step seeds the carry with ``None`` (no producer
                # yet); ``set_dependencies`` skips the slot via
                # ``is_valid()``.
                prev_tid: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()
                for step in pl.range(4):
                    row: pl.Scalar[pl.INDEX] = step * 4 * 64 + branch * 64
                    _submit_tmp: pl.Tuple[pl.Tensor[[1024, 64], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.kernel_stripe, data, row, 1.0, out, deps=[prev_tid])
                    out: pl.Tensor[[1024, 64], pl.FP32] = _submit_tmp[0]
                    prev_tid: pl.Scalar[pl.TASK_ID] = _submit_tmp[1]
        return out
