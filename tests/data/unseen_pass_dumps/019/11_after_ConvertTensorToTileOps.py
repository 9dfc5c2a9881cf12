# pypto.program: SplitAivMultiMode
import pypto.language as pl

@pl.program
class SplitAivMultiMode:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def qk(a__ssa_v0: pl.Tensor[[64, 64], pl.FP32], b__ssa_v0: pl.Tensor[[64, 64], pl.FP32], out_ud__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]], out_lr__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        pl.func_attr({"split_aiv": True})
        a_l1__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
        b_l1__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
        a_left__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(a_l1__ssa_v0, target_memory=pl.Mem.Left)
        b_right__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(b_l1__ssa_v0, target_memory=pl.Mem.Right)
        qk__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left__ssa_v0, b_right__ssa_v0)
        for aiv_id__ssa_v0 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            qk_h__ssa_v0: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk__ssa_v0)
            sc__ssa_v0: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(qk_h__ssa_v0, 2.0)
            offu__ssa_v0: pl.Scalar[pl.INDEX] = aiv_id__ssa_v0 * 32
            out_ud__ssa_v1: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(sc__ssa_v0, [offu__ssa_v0, 0], out_ud__ssa_v0)
            out_ud__store: pl.Tensor[[64, 64], pl.FP32] = out_ud__ssa_v1
        qk2__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left__ssa_v0, b_right__ssa_v0)
        for aiv2__ssa_v0 in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            qk_h2__ssa_v0: pl.Tile[[64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk2__ssa_v0)
            sc2__ssa_v0: pl.Tile[[64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.muls(qk_h2__ssa_v0, 3.0)
            offl__ssa_v0: pl.Scalar[pl.INDEX] = aiv2__ssa_v0 * 32
            out_lr__ssa_v1: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(sc2__ssa_v0, [0, offl__ssa_v0], out_lr__ssa_v0)
            out_lr__store: pl.Tensor[[64, 64], pl.FP32] = out_lr__ssa_v1
        return out_lr__ssa_v0, out_ud__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, a__ssa_v0: pl.Tensor[[64, 64], pl.FP32], b__ssa_v0: pl.Tensor[[64, 64], pl.FP32], out_ud__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]], out_lr__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        ret__tmp_v0: pl.Tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]] = self.qk(a__ssa_v0, b__ssa_v0, out_ud__ssa_v0, out_lr__ssa_v0)
        out_lr__ssa_v2: pl.Tensor[[64, 64], pl.FP32] = ret__tmp_v0[0]
        out_ud__ssa_v2: pl.Tensor[[64, 64], pl.FP32] = ret__tmp_v0[1]
        return out_ud__ssa_v2, out_lr__ssa_v2
