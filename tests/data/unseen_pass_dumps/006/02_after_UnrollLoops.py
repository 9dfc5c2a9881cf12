# pypto.program: SplitAivQkPvProgram
import pypto.language as pl

@pl.program
class SplitAivQkPvProgram:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qkpv"):
            a_l1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            b_l1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            a_left: pl.Tile[[64, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(a_l1, target_memory=pl.Mem.Left)
            b_right: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(b_l1, target_memory=pl.Mem.Right)
            # AIC (cube): Acc tile [M, N]
            qk: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left, b_right)
            # The split_aiv loop is the AIV (vector) per-lane region on HALF tiles.
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                # C->V: full [M,N] -> this lane's half [M/2, N] Vec
                qk_h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk)
                # AIV vector work on the half
                sc: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(qk_h, 2.0)
                # V->C: gather halves -> full [M, N] (leaks out of the loop)
                full: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(sc)
            # Cube ops live OUTSIDE the loop and consume the gathered full tile.
            full_left: pl.Tile[[64, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(full, target_memory=pl.Mem.Left)
            v_l1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(v, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            v_right: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(v_l1, target_memory=pl.Mem.Right)
            # AIC (cube): post-gather matmul on the full tile
            pv: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(full_left, v_right)
            out: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(pv, [0, 0], out)
        return out
