# pypto.program: LlamaMiniProgram
import pypto.language as pl

@pl.program
class LlamaMiniProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_add(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # Element-wise addition [S,D]: output = a + b.
        tile_a: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        tile_b: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        result: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(tile_a, tile_b)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(result, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_add_scores(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        # Element-wise addition [S,S]: output = a + b.
        tile_a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        tile_b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        result: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(tile_a, tile_b)
        out: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(result, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_lm_head(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # [S,D] @ [D,V] → [S,V] LM head projection.
        tile_a_l1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
        tile_b_l1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
        tile_a_l0a: pl.Tile[[16, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(tile_a_l1, target_memory=pl.Mem.Left)
        tile_b_l0b: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(tile_b_l1, target_memory=pl.Mem.Right)
        tile_c_l0c: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(tile_a_l0a, tile_b_l0b)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(tile_c_l0c, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_matmul(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # [S,D] @ [D,D] → [S,D] matrix multiplication.
        tile_a_l1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
        tile_b_l1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
        tile_a_l0a: pl.Tile[[16, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(tile_a_l1, target_memory=pl.Mem.Left)
        tile_b_l0b: pl.Tile[[64, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(tile_b_l1, target_memory=pl.Mem.Right)
        tile_c_l0c: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(tile_a_l0a, tile_b_l0b)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(tile_c_l0c, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_matmul_attn(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # [S,S] @ [S,D] → [S,D]: probs @ V for single-head attention.
        tile_a_l1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        tile_b_l1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
        tile_a_l0a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(tile_a_l1, target_memory=pl.Mem.Left)
        tile_b_l0b: pl.Tile[[16, 64], pl.FP32, pl.Mem.Right] = pl.tile.move(tile_b_l1, target_memory=pl.Mem.Right)
        tile_c_l0c: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(tile_a_l0a, tile_b_l0b)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(tile_c_l0c, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_matmul_trans_b(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        # [S,D] @ [S,D](DN)^T → [S,S]: Q @ K^T via K-tiled 16-wide blocks.
        # 
        #         Tiles K-dimension (head_dim) into 4×k_tile_width=16 blocks so each
        #         TMOV operates on Mat[S,16] → Right[S,16], satisfying the hardware
        #         src.shape == dst.shape constraint. Requires head_dim == 4*k_tile_width.
        #         
        # K-tile 0: columns [0 : k_tile_width]
        a0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b0_nat: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b0_nat)
        a0_l: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a0, target_memory=pl.Mem.Left)
        b0_r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(b0, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a0_l, b0_r)
        # K-tile 1: columns [k1 : k1+k_tile_width]
        a1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 16], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b1_nat: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 16], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b1_nat)
        a1_l: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a1, target_memory=pl.Mem.Left)
        b1_r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(b1, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc, a1_l, b1_r)
        # K-tile 2: columns [k2 : k2+k_tile_width]
        a2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 32], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b2_nat: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 32], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b2_nat)
        a2_l: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a2, target_memory=pl.Mem.Left)
        b2_r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(b2, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc, a2_l, b2_r)
        # K-tile 3: columns [k3 : k3+k_tile_width]
        a3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(a, [0, 48], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b3_nat: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 48], [16, 16], [16, 16], target_memory=pl.Mem.Mat)
        b3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(b3_nat)
        a3_l: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left] = pl.tile.move(a3, target_memory=pl.Mem.Left)
        b3_r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right] = pl.tile.move(b3, target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(acc, a3_l, b3_r)
        out: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(acc, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_rms_norm(x: pl.Tensor[[16, 64], pl.FP32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # RMSNorm: x / sqrt(mean(x^2) + eps) across head_dim.
        tile_x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        squared: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(tile_x, tile_x)
        tmp: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        mean_sq: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(squared, tmp)
        # [S, 1] is ColMajor; reshape to [1, S] for scalar mul, then back
        mean_sq_T: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mean_sq, [1, 16])
        mean_sq_T: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(mean_sq_T, 0.015625)
        mean_sq: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mean_sq_T, [16, 1])
        mean_sq_T2: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mean_sq, [1, 16])
        rms_T: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(mean_sq_T2, 9.9999999999999995e-07)
        rms_T: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sqrt(rms_T)
        rms: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(rms_T, [16, 1])
        normalized: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(tile_x, rms)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(normalized, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_rope(x: pl.Tensor[[16, 64], pl.FP32], cos_emb: pl.Tensor[[16, 32], pl.FP32], sin_emb: pl.Tensor[[16, 32], pl.FP32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # Apply Rotary Position Embedding to a [S, head_dim] tensor.
        # 
        #         Rotate-half RoPE:
        #           x_left  = x[:, :half_dim]   rotated_left  = x_left * cos - x_right * sin
        #           x_right = x[:, half_dim:]   rotated_right = x_right * cos + x_left * sin
        #         
        x_left: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        x_right: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 32], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        cos_tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(cos_emb, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        sin_tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(sin_emb, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        left_cos: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_left, cos_tile)
        right_sin: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_right, sin_tile)
        rotated_left: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.sub(left_cos, right_sin)
        right_cos: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_right, cos_tile)
        left_sin: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_left, sin_tile)
        rotated_right: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(right_cos, left_sin)
        out_left: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(rotated_left, [0, 0], output)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(rotated_right, [0, 32], out_left)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_scale_scores(scores: pl.Tensor[[16, 16], pl.FP32], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        # Scale attention scores by 1/sqrt(head_dim).
        tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(scores, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        scaled: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(tile, 0.125)
        out: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(scaled, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_softmax(a: pl.Tensor[[16, 16], pl.FP32], output: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        # Row-wise numerically stable softmax.
        tile_a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        max_tmp: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        row_max: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(tile_a, max_tmp)
        shifted: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_sub(tile_a, row_max)
        exp_shifted: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(shifted)
        sum_tmp: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        row_sum: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(exp_shifted, sum_tmp)
        result: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(exp_shifted, row_sum)
        out: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(result, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_swiglu(gate: pl.Tensor[[16, 64], pl.FP32], up: pl.Tensor[[16, 64], pl.FP32], output: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # SwiGLU: SiLU(gate) * up = gate * sigmoid(gate) * up.
        tile_gate: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(gate, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        tile_up: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(up, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        gate_neg: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(tile_gate, -1.0)
        exp_neg: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(gate_neg)
        denom: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(exp_neg, 1.0)
        sigmoid: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.recip(denom)
        swish: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(tile_gate, sigmoid)
        result: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(swish, tile_up)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(result, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def llama_mini_orch(self, hidden: pl.Tensor[[16, 64], pl.FP32], causal_mask: pl.Tensor[[16, 16], pl.FP32], cos_emb: pl.Tensor[[16, 32], pl.FP32], sin_emb: pl.Tensor[[16, 32], pl.FP32], wq: pl.Tensor[[64, 64], pl.FP32], wk: pl.Tensor[[64, 64], pl.FP32], wv: pl.Tensor[[64, 64], pl.FP32], w_dense: pl.Tensor[[64, 64], pl.FP32], w_gate: pl.Tensor[[64, 64], pl.FP32], w_up: pl.Tensor[[64, 64], pl.FP32], w_down: pl.Tensor[[64, 64], pl.FP32], w_lm: pl.Tensor[[64, 64], pl.FP32], logits: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
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
        normed: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        normed: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rms_norm(hidden, normed)
        # QKV projections: [S,D] @ [D,D] → [S,D] each
        q: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        q: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed, wq, q)
        k: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        k: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed, wk, k)
        v: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        v: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed, wv, v)
        # Apply RoPE to Q and K
        q_rot: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        q_rot: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rope(q, cos_emb, sin_emb, q_rot)
        k_rot_buf: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        k_rot: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rope(k, cos_emb, sin_emb, k_rot_buf)
        # Scaled causal dot-product attention
        scores: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        scores: pl.Tensor[[16, 16], pl.FP32] = self.kernel_matmul_trans_b(q_rot, k_rot, scores)
        scaled: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        scaled: pl.Tensor[[16, 16], pl.FP32] = self.kernel_scale_scores(scores, scaled)
        masked: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        masked: pl.Tensor[[16, 16], pl.FP32] = self.kernel_add_scores(scaled, causal_mask, masked)
        probs: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        probs: pl.Tensor[[16, 16], pl.FP32] = self.kernel_softmax(masked, probs)
        attn_out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        attn_out: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul_attn(probs, v, attn_out)
        # Dense projection + first residual
        dense_out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        dense_out: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(attn_out, w_dense, dense_out)
        attn_res: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        attn_res: pl.Tensor[[16, 64], pl.FP32] = self.kernel_add(hidden, dense_out, attn_res)
        # Pre-MLP RMSNorm
        normed2: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        normed2: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rms_norm(attn_res, normed2)
        # SwiGLU MLP
        gate: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        gate: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed2, w_gate, gate)
        up: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        up: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(normed2, w_up, up)
        swish_up: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        swish_up: pl.Tensor[[16, 64], pl.FP32] = self.kernel_swiglu(gate, up, swish_up)
        mlp_out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        mlp_out: pl.Tensor[[16, 64], pl.FP32] = self.kernel_matmul(swish_up, w_down, mlp_out)
        # Second residual → h1
        h1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        h1: pl.Tensor[[16, 64], pl.FP32] = self.kernel_add(attn_res, mlp_out, h1)
        # ===== Final RMSNorm =====
        h_normed: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        h_normed: pl.Tensor[[16, 64], pl.FP32] = self.kernel_rms_norm(h1, h_normed)
        # ===== LM Head: [S,D] @ [D,V] → logits [S,V] =====
        logits: pl.Tensor[[16, 64], pl.FP32] = self.kernel_lm_head(h_normed, w_lm, logits)
        return logits
