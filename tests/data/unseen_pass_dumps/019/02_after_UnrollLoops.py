# pypto.program: SplitAivMultiMode
import pypto.language as pl

@pl.program
class SplitAivMultiMode:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], out_ud: pl.Out[pl.Tensor[[64, 64], pl.FP32]], out_lr: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk"):
            a_l1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            b_l1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            a_left: pl.Tile[[64, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(a_l1, target_memory=pl.Mem.Left)
            b_right: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(b_l1, target_memory=pl.Mem.Right)
            qk: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left, b_right)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                qk_h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk)
                sc: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(qk_h, 2.0)
                offu: pl.Scalar[pl.INDEX] = aiv_id * 32
                out_ud: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(sc, [offu, 0], out_ud)
            qk2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left, b_right)
            for aiv2 in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                qk_h2: pl.Tile[[64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk2)
                sc2: pl.Tile[[64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.muls(qk_h2, 3.0)
                offl: pl.Scalar[pl.INDEX] = aiv2 * 32
                out_lr: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(sc2, [0, offl], out_lr)
        return out_ud, out_lr
