# pypto.program: BranchChainManualScope
import pypto.language as pl

@pl.program
class BranchChainManualScope:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_stripe(data__ssa_v0: pl.Tensor[[1024, 64], pl.FP32], row_offset__ssa_v0: pl.Scalar[pl.INDEX], bias__ssa_v0: pl.Scalar[pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[1024, 64], pl.FP32]]) -> pl.Tensor[[1024, 64], pl.FP32]:
        tile__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(data__ssa_v0, [row_offset__ssa_v0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        result__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(tile__ssa_v0, bias__ssa_v0)
        ret__ssa_v0: pl.Tensor[[1024, 64], pl.FP32] = pl.tile.store(result__ssa_v0, [row_offset__ssa_v0, 0], out__ssa_v0)
        return ret__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, data__ssa_v0: pl.Tensor[[1024, 64], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[1024, 64], pl.FP32]]) -> pl.Tensor[[1024, 64], pl.FP32]:
        with pl.scope(mode=pl.ScopeMode.MANUAL):
            for branch__idx_v0, (out__iter_v1,) in pl.parallel(4, init_values=(out__ssa_v0,)):
                # Per-branch sequential chain: thread the previous step's
                # TaskId through the inner ``pl.range`` iter_arg. The
                # first step seeds the carry with ``None`` (no producer
                # yet); ``set_dependencies`` skips the slot via
                # ``is_valid()``.
                prev_tid__ssa_v0: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()
                for step__idx_v0, (out__iter_v3, prev_tid__iter_v1) in pl.range(4, init_values=(out__iter_v1, prev_tid__ssa_v0)):
                    row__ssa_v0: pl.Scalar[pl.INDEX] = step__idx_v0 * 256 + branch__idx_v0 * 64
                    _submit_tmp__ssa_v0: pl.Tuple[pl.Tensor[[1024, 64], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.kernel_stripe, data__ssa_v0, row__ssa_v0, 1.0, out__iter_v3, deps=[prev_tid__iter_v1])
                    out__ssa_v5: pl.Tensor[[1024, 64], pl.FP32] = _submit_tmp__ssa_v0[0]
                    prev_tid__ssa_v3: pl.Scalar[pl.TASK_ID] = _submit_tmp__ssa_v0[1]
                    out__rv_v4, prev_tid__rv_v2 = pl.yield_(out__ssa_v5, prev_tid__ssa_v3)
                out__rv_v2: pl.Tensor[[1024, 64], pl.FP32] = pl.yield_(out__rv_v4)
        return out__rv_v2
