# pypto.program: SubmitDumpsProgram
import pypto.language as pl

@pl.program
class SubmitDumpsProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def stage1(x: pl.Tensor[[128, 128], pl.FP32], scratch: pl.InOut[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        # x + 1
        r: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t, 1.0)
        # Read scratch (init 0.0) so it is a genuine InOut slot: adding the
        # zero-initialised buffer leaves the result == x + 1, and the read
        # makes codegen register scratch via add_inout (dump role "inout").
        s: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(scratch, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        # (x + 1) + 0
        acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(r, s)
        ret: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(acc, [0, 0], scratch)
        return ret
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def stage2(scratch: pl.Tensor[[128, 128], pl.FP32], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(scratch, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Vec)
        # scratch * 2
        r: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t, 2.0)
        ret: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(r, [0, 0], out)
        return ret
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, x: pl.Tensor[[128, 128], pl.FP32], scratch: pl.InOut[pl.Tensor[[128, 128], pl.FP32]], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.scope(mode=pl.ScopeMode.MANUAL):
            # stage1 dumps its input x and inout scratch; stage2 dumps
            # nothing, so selective dump must filter stage2 out entirely.
            _submit_tmp: pl.Tuple[pl.Tensor[[128, 128], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.stage1, x, scratch, dumps=[x, scratch])
            scratch: pl.Tensor[[128, 128], pl.FP32] = _submit_tmp[0]
            stage1_tid: pl.Scalar[pl.TASK_ID] = _submit_tmp[1]
            _submit_tmp_1: pl.Tuple[pl.Tensor[[128, 128], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.stage2, scratch, out, deps=[stage1_tid])
            out: pl.Tensor[[128, 128], pl.FP32] = _submit_tmp_1[0]
            _: pl.Scalar[pl.TASK_ID] = _submit_tmp_1[1]
        return out
