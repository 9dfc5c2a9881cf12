# pypto.program: LlamaMiniProgram
import pypto.language as pl

@pl.program
class LlamaMiniProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_add(a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[16, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # Element-wise addition [S,D]: output = a + b.
        tile_a__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        tile_b__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        result__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(tile_a__ssa_v0, tile_b__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(result__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_add_scores(a__ssa_v0: pl.Tensor[[16, 16], pl.FP32], b__ssa_v0: pl.Tensor[[16, 16], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        # Element-wise addition [S,S]: output = a + b.
        tile_a__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        tile_b__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(b__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        result__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(tile_a__ssa_v0, tile_b__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(result__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_lm_head(a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[64, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # [S,D] @ [D,V] → [S,V] LM head projection.
        tile_a_l1__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
        tile_b_l1__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
        tile_a_l0a__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(tile_a_l1__ssa_v0, target_memory=pl.Mem.Left)
        tile_b_l0b__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(tile_b_l1__ssa_v0, target_memory=pl.Mem.Right)
        tile_c_l0c__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(tile_a_l0a__ssa_v0, tile_b_l0b__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(tile_c_l0c__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_matmul(a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[64, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # [S,D] @ [D,D] → [S,D] matrix multiplication.
        tile_a_l1__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
        tile_b_l1__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
        tile_a_l0a__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(tile_a_l1__ssa_v0, target_memory=pl.Mem.Left)
        tile_b_l0b__ssa_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(tile_b_l1__ssa_v0, target_memory=pl.Mem.Right)
        tile_c_l0c__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(tile_a_l0a__ssa_v0, tile_b_l0b__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(tile_c_l0c__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_matmul_attn(a__ssa_v0: pl.Tensor[[16, 16], pl.FP32], b__ssa_v0: pl.Tensor[[16, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # [S,S] @ [S,D] → [S,D]: probs @ V for single-head attention.
        tile_a_l1__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        tile_b_l1__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
        tile_a_l0a__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(tile_a_l1__ssa_v0, target_memory=pl.Mem.Left)
        tile_b_l0b__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(tile_b_l1__ssa_v0, target_memory=pl.Mem.Right)
        tile_c_l0c__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(tile_a_l0a__ssa_v0, tile_b_l0b__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(tile_c_l0c__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_matmul_trans_b(a__ssa_v0: pl.Tensor[[16, 64], pl.FP32], b__ssa_v0: pl.Tensor[[16, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        # [S,D] @ [S,D](DN)^T → [S,S]: Q @ K^T via K-tiled 16-wide blocks.
        # 
        #         Tiles K-dimension (head_dim) into 4×k_tile_width=16 blocks so each
        #         TMOV operates on Mat[S,16] → Right[S,16], satisfying the hardware
        #         src.shape == dst.shape constraint. Requires head_dim == 4*k_tile_width.
        #         
        # K-tile 0: columns [0 : k_tile_width]
        a0__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b0_nat__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b0__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b0_nat__ssa_v0)
        a0_l__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a0__ssa_v0, target_memory=pl.Mem.Left)
        b0_r__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(b0__ssa_v0, target_memory=pl.Mem.Right)
        acc__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a0_l__ssa_v0, b0_r__ssa_v0)
        # K-tile 1: columns [k1 : k1+k_tile_width]
        a1__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 16], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b1_nat__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 16], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b1__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b1_nat__ssa_v0)
        a1_l__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a1__ssa_v0, target_memory=pl.Mem.Left)
        b1_r__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(b1__ssa_v0, target_memory=pl.Mem.Right)
        acc__ssa_v1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc__ssa_v0, a1_l__ssa_v0, b1_r__ssa_v0)
        # K-tile 2: columns [k2 : k2+k_tile_width]
        a2__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 32], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b2_nat__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 32], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b2__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b2_nat__ssa_v0)
        a2_l__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a2__ssa_v0, target_memory=pl.Mem.Left)
        b2_r__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(b2__ssa_v0, target_memory=pl.Mem.Right)
        acc__ssa_v2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc__ssa_v1, a2_l__ssa_v0, b2_r__ssa_v0)
        # K-tile 3: columns [k3 : k3+k_tile_width]
        a3__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a__ssa_v0, [0, 48], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b3_nat__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 48], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b3__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b3_nat__ssa_v0)
        a3_l__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a3__ssa_v0, target_memory=pl.Mem.Left)
        b3_r__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(b3__ssa_v0, target_memory=pl.Mem.Right)
        acc__ssa_v3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc__ssa_v2, a3_l__ssa_v0, b3_r__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(acc__ssa_v3, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_rms_norm(x__ssa_v0: pl.Tensor[[16, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # RMSNorm: x / sqrt(mean(x^2) + eps) across head_dim.
        tile_x__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        squared__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(tile_x__ssa_v0, tile_x__ssa_v0)
        tmp__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        mean_sq__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(squared__ssa_v0, tmp__ssa_v0)
        # [S, 1] is ColMajor; reshape to [1, S] for scalar mul, then back
        mean_sq_T__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mean_sq__ssa_v0, [1, 16])
        mean_sq_T__ssa_v1: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(mean_sq_T__ssa_v0, 0.015625)
        mean_sq__ssa_v1: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mean_sq_T__ssa_v1, [16, 1])
        mean_sq_T2__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mean_sq__ssa_v1, [1, 16])
        rms_T__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(mean_sq_T2__ssa_v0, 9.9999999999999995e-07)
        rms_T__ssa_v1: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sqrt(rms_T__ssa_v0)
        rms__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(rms_T__ssa_v1, [16, 1])
        normalized__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(tile_x__ssa_v0, rms__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(normalized__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_rope(x__ssa_v0: pl.Tensor[[16, 64], pl.FP32], cos_emb__ssa_v0: pl.Tensor[[16, 32], pl.FP32], sin_emb__ssa_v0: pl.Tensor[[16, 32], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # Apply Rotary Position Embedding to a [S, head_dim] tensor.
        # 
        #         Rotate-half RoPE:
        #           x_left  = x[:, :half_dim]   rotated_left  = x_left * cos - x_right * sin
        #           x_right = x[:, half_dim:]   rotated_right = x_right * cos + x_left * sin
        #         
        x_left__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        x_right__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x__ssa_v0, [0, 32], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        cos_tile__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(cos_emb__ssa_v0, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        sin_tile__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(sin_emb__ssa_v0, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        left_cos__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_left__ssa_v0, cos_tile__ssa_v0)
        right_sin__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_right__ssa_v0, sin_tile__ssa_v0)
        rotated_left__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.sub(left_cos__ssa_v0, right_sin__ssa_v0)
        right_cos__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_right__ssa_v0, cos_tile__ssa_v0)
        left_sin__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_left__ssa_v0, sin_tile__ssa_v0)
        rotated_right__ssa_v0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(right_cos__ssa_v0, left_sin__ssa_v0)
        out_left__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(rotated_left__ssa_v0, [0, 0], output__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(rotated_right__ssa_v0, [0, 32], out_left__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_scale_scores(scores__ssa_v0: pl.Tensor[[16, 16], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        # Scale attention scores by 1/sqrt(head_dim).
        tile__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(scores__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        scaled__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(tile__ssa_v0, 0.125)
        out__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(scaled__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_softmax(a__ssa_v0: pl.Tensor[[16, 16], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        # Row-wise numerically stable softmax.
        tile_a__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a__ssa_v0, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        max_tmp__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        row_max__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(tile_a__ssa_v0, max_tmp__ssa_v0)
        shifted__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_sub(tile_a__ssa_v0, row_max__ssa_v0)
        exp_shifted__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(shifted__ssa_v0)
        sum_tmp__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        row_sum__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(exp_shifted__ssa_v0, sum_tmp__ssa_v0)
        result__ssa_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(exp_shifted__ssa_v0, row_sum__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(result__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_swiglu(gate__ssa_v0: pl.Tensor[[16, 64], pl.FP32], up__ssa_v0: pl.Tensor[[16, 64], pl.FP32], output__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # SwiGLU: SiLU(gate) * up = gate * sigmoid(gate) * up.
        tile_gate__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(gate__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        tile_up__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(up__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        gate_neg__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(tile_gate__ssa_v0, -1.0)
        exp_neg__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(gate_neg__ssa_v0)
        denom__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(exp_neg__ssa_v0, 1.0)
        sigmoid__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.recip(denom__ssa_v0)
        swish__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(tile_gate__ssa_v0, sigmoid__ssa_v0)
        result__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(swish__ssa_v0, tile_up__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(result__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def llama_mini_orch(self, hidden__ssa_v0: pl.Tensor[[16, 64], pl.FP32], causal_mask__ssa_v0: pl.Tensor[[16, 16], pl.FP32], cos_emb__ssa_v0: pl.Tensor[[16, 32], pl.FP32], sin_emb__ssa_v0: pl.Tensor[[16, 32], pl.FP32], wq__ssa_v0: pl.Tensor[[64, 64], pl.FP32], wk__ssa_v0: pl.Tensor[[64, 64], pl.FP32], wv__ssa_v0: pl.Tensor[[64, 64], pl.FP32], w_dense__ssa_v0: pl.Tensor[[64, 64], pl.FP32], w_gate__ssa_v0: pl.Tensor[[64, 64], pl.FP32], w_up__ssa_v0: pl.Tensor[[64, 64], pl.FP32], w_down__ssa_v0: pl.Tensor[[64, 64], pl.FP32], w_lm__ssa_v0: pl.Tensor[[64, 64], pl.FP32], logits__ssa_v0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # noqa: PLR0913
        # Input hidden states
        # Causal attention mask
        # RoPE embeddings: positions × head_dim/2
        # QKV and projection weights [D, D]
        # MLP weights [D, D]
        # LM head weight [D, V]
        # Output
        # Minimal LLaMA 7B-style model forward pass (1 layer, 1 head).
        # 
        #         Pipeline:
        #           hidden [S,D]
        #             → Decoder Layer:
        #                 RMSNorm → QKV[S,D] → RoPE →
        #                 scaled Q@K^T[S,S] → +mask → softmax → @V[S,D] →
        #                 dense → residual →
        #                 RMSNorm → SwiGLU MLP → residual
        #             → Final RMSNorm
        #             → LM Head: [S,D] @ [D,V] → logits [S,V]
        #         
        # ===== Decoder Layer =====
        # Pre-attention RMSNorm
        normed__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        normed__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rms_norm(hidden__ssa_v0, normed__ssa_v0)
        # QKV projections: [S,D] @ [D,D] → [S,D] each
        q__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        q__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed__ssa_v1, wq__ssa_v0, q__ssa_v0)
        k__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        k__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed__ssa_v1, wk__ssa_v0, k__ssa_v0)
        v__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        v__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed__ssa_v1, wv__ssa_v0, v__ssa_v0)
        # Apply RoPE to Q and K
        q_rot__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        q_rot__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rope(q__ssa_v1, cos_emb__ssa_v0, sin_emb__ssa_v0, q_rot__ssa_v0)
        k_rot_buf__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        k_rot__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rope(k__ssa_v1, cos_emb__ssa_v0, sin_emb__ssa_v0, k_rot_buf__ssa_v0)
        # Scaled causal dot-product attention
        scores__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        scores__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = self.kernel_matmul_trans_b(q_rot__ssa_v1, k_rot__ssa_v0, scores__ssa_v0)
        scaled__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        scaled__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = self.kernel_scale_scores(scores__ssa_v1, scaled__ssa_v0)
        masked__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        masked__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = self.kernel_add_scores(scaled__ssa_v1, causal_mask__ssa_v0, masked__ssa_v0)
        probs__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        probs__ssa_v1: pl.Tensor[[16, 16], pl.FP32] = self.kernel_softmax(masked__ssa_v1, probs__ssa_v0)
        attn_out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        attn_out__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul_attn(probs__ssa_v1, v__ssa_v1, attn_out__ssa_v0)
        # Dense projection + first residual
        dense_out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        dense_out__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(attn_out__ssa_v1, w_dense__ssa_v0, dense_out__ssa_v0)
        attn_res__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        attn_res__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_add(hidden__ssa_v0, dense_out__ssa_v1, attn_res__ssa_v0)
        # Pre-MLP RMSNorm
        normed2__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        normed2__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rms_norm(attn_res__ssa_v1, normed2__ssa_v0)
        # SwiGLU MLP
        gate__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        gate__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed2__ssa_v1, w_gate__ssa_v0, gate__ssa_v0)
        up__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        up__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed2__ssa_v1, w_up__ssa_v0, up__ssa_v0)
        swish_up__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        swish_up__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_swiglu(gate__ssa_v1, up__ssa_v1, swish_up__ssa_v0)
        mlp_out__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        mlp_out__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(swish_up__ssa_v1, w_down__ssa_v0, mlp_out__ssa_v0)
        # Second residual → h1
        h1__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        h1__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_add(attn_res__ssa_v1, mlp_out__ssa_v1, h1__ssa_v0)
        # ===== Final RMSNorm =====
        h_normed__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        h_normed__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rms_norm(h1__ssa_v1, h_normed__ssa_v0)
        # ===== LM Head: [S,D] @ [D,V] → logits [S,V] =====
        logits__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_lm_head(h_normed__ssa_v1, w_lm__ssa_v0, logits__ssa_v0)
        return logits__ssa_v1
