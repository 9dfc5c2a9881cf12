# pypto.program: SubmitDumpsProgram
import pypto.language as pl

@pl.program
class SubmitDumpsProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def stage1(x__ssa_v0: pl.Tensor[[128, 128], pl.FP32], scratch__ssa_v0: pl.InOut[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        # x + 1
        r__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__ssa_v0, 1.0)
        # Read scratch (init 0.0) so it is a genuine InOut slot: adding the
        # zero-initialised buffer leaves the result == x + 1, and the read
        # makes codegen register scratch via add_inout (dump role "inout").
        s__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(scratch__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        # (x + 1) + 0
        acc__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(r__ssa_v0, s__ssa_v0)
        ret__ssa_v0: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(acc__ssa_v0, [0, 0], scratch__ssa_v0)
        return ret__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def stage2(scratch__ssa_v0: pl.Tensor[[128, 128], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(scratch__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        # scratch * 2
        r__ssa_v0: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t__ssa_v0, 2.0)
        ret__ssa_v0: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(r__ssa_v0, [0, 0], out__ssa_v0)
        return ret__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, x__ssa_v0: pl.Tensor[[128, 128], pl.FP32], scratch__ssa_v0: pl.InOut[pl.Tensor[[128, 128], pl.FP32]], out__ssa_v0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.scope(mode=pl.ScopeMode.MANUAL):
            # stage1 dumps its input x and inout scratch; stage2 dumps
            # nothing, so selective dump must filter stage2 out entirely.
            _submit_tmp__ssa_v0: pl.Tuple[pl.Tensor[[128, 128], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.stage1, x__ssa_v0, scratch__ssa_v0, dumps=[x__ssa_v0, scratch__ssa_v0])
            scratch__ssa_v1: pl.Tensor[[128, 128], pl.FP32] = _submit_tmp__ssa_v0[0]
            stage1_tid__ssa_v0: pl.Scalar[pl.TASK_ID] = _submit_tmp__ssa_v0[1]
            _submit_tmp__ssa_v0_1: pl.Tuple[pl.Tensor[[128, 128], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.stage2, scratch__ssa_v1, out__ssa_v0, deps=[stage1_tid__ssa_v0])
            out__ssa_v1: pl.Tensor[[128, 128], pl.FP32] = _submit_tmp__ssa_v0_1[0]
            ___ssa_v0: pl.Scalar[pl.TASK_ID] = _submit_tmp__ssa_v0_1[1]
        return out__ssa_v1
