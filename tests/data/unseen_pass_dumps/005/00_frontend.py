# pypto.program: SplitAivShardProgram
import pypto.language as pl

@pl.program
class SplitAivShardProgram:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk"):
            a_l1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            b_l1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            a_left: pl.Tile[[64, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(a_l1, target_memory=pl.Mem.Left)
            b_right: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(b_l1, target_memory=pl.Mem.Right)
            # Acc tile [M, N]
            qk: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left, b_right)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                # DIRECT shard of the Acc tile -> [M/2, N] Vec
                qk_h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk)
                # vector op
                sc: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(qk_h, 2.0)
                offset: pl.Scalar[pl.INDEX] = aiv_id * 32
                out: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(sc, [offset, 0], out)
        return out
