# pypto.program: SplitAivQkPvProgram
import pypto.language as pl

@pl.program
class SplitAivQkPvProgram:
    @pl.function
    def main(self, a__ssa_v0: pl.Tensor[[64, 64], pl.FP32], b__ssa_v0: pl.Tensor[[64, 64], pl.FP32], v__ssa_v0: pl.Tensor[[64, 64], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qkpv"):
            a_l1__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            b_l1__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            a_left__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(a_l1__ssa_v0, target_memory=pl.Mem.Left)
            b_right__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(b_l1__ssa_v0, target_memory=pl.Mem.Right)
            # AIC (cube): Acc tile [M, N]
            qk__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_left__ssa_v0, b_right__ssa_v0)
            # The split_aiv loop is the AIV (vector) per-lane region on HALF tiles.
            for aiv_id__ssa_v0 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                # C->V: full [M,N] -> this lane's half [M/2, N] Vec
                qk_h__ssa_v0: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk__ssa_v0)
                # AIV vector work on the half
                sc__ssa_v0: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(qk_h__ssa_v0, 2.0)
                # V->C: gather halves -> full [M, N] (leaks out of the loop)
                full__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(sc__ssa_v0)
            # Cube ops live OUTSIDE the loop and consume the gathered full tile.
            full_left__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(full__ssa_v0, target_memory=pl.Mem.Left)
            v_l1__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(v__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
            v_right__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(v_l1__ssa_v0, target_memory=pl.Mem.Right)
            # AIC (cube): post-gather matmul on the full tile
            pv__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(full_left__ssa_v0, v_right__ssa_v0)
            out__ssa_v1: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(pv__ssa_v0, [0, 0], out__ssa_v0)
        return out__ssa_v1
