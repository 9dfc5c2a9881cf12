# pypto.program: ManualScopePipelineProgram
import pypto.language as pl

@pl.program
class ManualScopePipelineProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def stage1(x: pl.Tensor[[128, 128], pl.FP32], scratch: pl.Out[pl.Tensor[[128, 128], pl.FP32]], row: pl.Scalar[pl.INDEX], col: pl.Scalar[pl.INDEX]) -> pl.Tensor[[128, 128], pl.FP32]:
        t: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [row, col], [32, 32], [32, 32], target_memory=pl.Mem.Vec)
        # 2 * x
        r: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, t)
        ret: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(r, [row, col], scratch)
        return ret
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def stage2(scratch: pl.Tensor[[128, 128], pl.FP32], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]], row: pl.Scalar[pl.INDEX], col: pl.Scalar[pl.INDEX]) -> pl.Tensor[[128, 128], pl.FP32]:
        t: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(scratch, [row, col], [32, 32], [32, 32], target_memory=pl.Mem.Vec)
        # scratch + 1
        r: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t, 1.0)
        ret: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(r, [row, col], out)
        return ret
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, x: pl.Tensor[[128, 128], pl.FP32], scratch: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.scope(mode=pl.ScopeMode.MANUAL):
            for i in pl.range(4):
                row: pl.Scalar[pl.INDEX] = i * 32
                for j in pl.parallel(4):
                    col: pl.Scalar[pl.INDEX] = j * 32
                    _submit_tmp: pl.Tuple[pl.Tensor[[128, 128], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.stage1, x, scratch, row, col)
                    scratch: pl.Tensor[[128, 128], pl.FP32] = _submit_tmp[0]
                    stage1_tid: pl.Scalar[pl.TASK_ID] = _submit_tmp[1]
                    _submit_tmp_1: pl.Tuple[pl.Tensor[[128, 128], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.stage2, scratch, out, row, col, deps=[stage1_tid])
                    out: pl.Tensor[[128, 128], pl.FP32] = _submit_tmp_1[0]
                    _: pl.Scalar[pl.TASK_ID] = _submit_tmp_1[1]
        return out
