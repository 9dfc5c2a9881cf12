# pypto.program: DeepSeekV32DecodeFrontScope1234
import pypto.language as pl

@pl.program
class DeepSeekV32DecodeFrontScope1234:
    @pl.function
    def deepseek_v3_2_decode_front_scope1234(self, hidden_states: pl.Tensor[[16, 7168], pl.BF16], input_rms_weight: pl.Tensor[[1, 7168], pl.FP32], q_norm_weight: pl.Tensor[[1, 1536], pl.FP32], kv_norm_weight: pl.Tensor[[1, 512], pl.FP32], wq_a: pl.Tensor[[7168, 1536], pl.BF16], wq_b: pl.Tensor[[1536, 24576], pl.BF16], wkv_a: pl.Tensor[[7168, 576], pl.BF16], seq_lens: pl.Tensor[[16], pl.INT32], rope_cos: pl.Tensor[[4096, 64], pl.FP32], rope_sin: pl.Tensor[[4096, 64], pl.FP32], wq_b_idx: pl.Tensor[[1536, 8192], pl.BF16], wk_idx: pl.Tensor[[7168, 128], pl.BF16], weights_proj: pl.Tensor[[7168, 64], pl.FP32], k_norm_weight: pl.Tensor[[1, 128], pl.FP32], k_norm_bias: pl.Tensor[[1, 128], pl.FP32], hadamard_q: pl.Tensor[[128, 128], pl.BF16], hadamard_k: pl.Tensor[[128, 128], pl.BF16], layer_id_t: pl.Tensor[[1], pl.INT32], w_q_nope_to_latent: pl.Tensor[[128, 128, 512], pl.BF16], w_latent_to_v: pl.Tensor[[128, 512, 128], pl.BF16], kv_cache: pl.InOut[pl.Tensor[[65536, 512], pl.BF16]], pe_cache: pl.InOut[pl.Tensor[[65536, 64], pl.BF16]], k_cache_idx: pl.InOut[pl.Tensor[[65536, 128], pl.BF16]], dispatch_buf: pl.InOut[pl.Tensor[[128, 16, 16384], pl.BF16]]) -> pl.Tensor[[128, 16, 16384], pl.BF16]:
        # ===== scope1: MLA front path (RMSNorm + Q/KV projection + RoPE + cache writeback) =====
        # Outputs:
        # - kv_cache: normalized KV latent cache row for the current decode token
        # - pe_cache: rotated rope cache row for the current decode token
        # Internal bridge:
        # - q_proj: rotated decode query heads reused by scope4
        # Stage 1.1: RMSNorm on hidden_states.
        normed_states: pl.Tensor[[16, 7168], pl.BF16] = pl.tensor.create([16, 7168], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="input_rmsnorm"):
            partial_sq: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
            for k0 in pl.range(0, 7168, 512):
                x_chunk: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states, [16, 512], [0, k0]), target_type=pl.FP32, mode='round')
                partial_sq: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(partial_sq, pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(x_chunk, x_chunk)), [1, 16]))
            variance: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.adds(pl.tensor.muls(partial_sq, 0.00013950892857142856), 9.9999999999999995e-07), [16, 1])
            inv_rms: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(variance))
            for k0_1 in pl.range(0, 7168, 512):
                x_chunk_bf16: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(hidden_states, [16, 512], [0, k0_1])
                x_tile: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.cast(x_chunk_bf16, target_type=pl.FP32, mode='round')
                gamma: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.slice(input_rms_weight, [1, 512], [0, k0_1])
                normed: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(x_tile, inv_rms), gamma)
                normed_states: pl.Tensor[[16, 7168], pl.BF16] = pl.tensor.assemble(normed_states, pl.tensor.cast(normed, target_type=pl.BF16, mode='round'), [0, k0_1])
        # Stage 1.2: Project qr = normed @ wq_a.
        qr_fp32: pl.Tensor[[16, 1536], pl.FP32] = pl.tensor.create([16, 1536], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for q0 in pl.parallel(0, 1536, 64):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_lora_proj"):
                q_tile_a: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(normed_states, [16, 512], [0, 0])
                q_tile_b: pl.Tensor[[512, 64], pl.BF16] = pl.tensor.slice(wq_a, [512, 64], [0, q0])
                q_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(q_tile_a, q_tile_b, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0_2 in pl.range(512, 7168, 512):
                    q_tile_a_i: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(normed_states, [16, 512], [0, k0_2])
                    q_tile_b_i: pl.Tensor[[512, 64], pl.BF16] = pl.tensor.slice(wq_a, [512, 64], [k0_2, q0])
                    q_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul_acc(q_acc, q_tile_a_i, q_tile_b_i, a_trans=False, b_trans=False)
                qr_fp32: pl.Tensor[[16, 1536], pl.FP32] = pl.tensor.assemble(qr_fp32, q_acc, [0, q0])
        # Stage 1.3: Apply q_norm on qr.
        qr_out: pl.Tensor[[16, 1536], pl.BF16] = pl.tensor.create([16, 1536], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_lora_rmsnorm"):
            q_partial_sq: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
            for k0_3 in pl.range(0, 1536, 64):
                qr_chunk_fp32: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.slice(qr_fp32, [16, 64], [0, k0_3])
                q_partial: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(qr_chunk_fp32, qr_chunk_fp32)), [1, 16])
                q_partial_sq: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(q_partial_sq, q_partial)
            q_variance: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.adds(pl.tensor.muls(q_partial_sq, 0.00065104166666666663), 9.9999999999999995e-07), [16, 1])
            q_inv_rms: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(q_variance))
            for k0_4 in pl.range(0, 1536, 64):
                qr_chunk_bf16: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.cast(pl.tensor.slice(qr_fp32, [16, 64], [0, k0_4]), target_type=pl.BF16, mode='round')
                qr_chunk_fp32: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.cast(qr_chunk_bf16, target_type=pl.FP32, mode='round')
                q_gamma: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.slice(q_norm_weight, [1, 64], [0, k0_4])
                q_normed: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(qr_chunk_fp32, q_inv_rms), q_gamma)
                qr_out: pl.Tensor[[16, 1536], pl.BF16] = pl.tensor.assemble(qr_out, pl.tensor.cast(q_normed, target_type=pl.BF16, mode='round'), [0, k0_4])
        # Stage 1.4: Project q_proj = qr @ wq_b.
        q_proj: pl.Tensor[[16, 24576], pl.BF16] = pl.tensor.create([16, 24576], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for q0_1 in pl.parallel(0, 24576, 64):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_head_proj"):
                q_chunk_init: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.slice(qr_out, [16, 64], [0, 0])
                wq_b_init: pl.Tensor[[64, 64], pl.BF16] = pl.tensor.slice(wq_b, [64, 64], [0, q0_1])
                q_out_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(q_chunk_init, wq_b_init, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0_5 in pl.range(64, 1536, 64):
                    q_chunk: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.slice(qr_out, [16, 64], [0, k0_5])
                    wq_b_chunk: pl.Tensor[[64, 64], pl.BF16] = pl.tensor.slice(wq_b, [64, 64], [k0_5, q0_1])
                    q_out_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul_acc(q_out_acc, q_chunk, wq_b_chunk, a_trans=False, b_trans=False)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_head_proj_write"):
                q_proj: pl.Tensor[[16, 24576], pl.BF16] = pl.tensor.assemble(q_proj, pl.tensor.cast(q_out_acc, target_type=pl.BF16, mode='round'), [0, q0_1])
        # Stage 1.5: Project kv_a = normed @ wkv_a.
        kv_a_out: pl.Tensor[[16, 576], pl.BF16] = pl.tensor.create([16, 576], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for kv0 in pl.parallel(0, 576, 64):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="kv_a_proj"):
                kv_tile_a: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(normed_states, [16, 512], [0, 0])
                kv_tile_b: pl.Tensor[[512, 64], pl.BF16] = pl.tensor.slice(wkv_a, [512, 64], [0, kv0])
                kv_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(kv_tile_a, kv_tile_b, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0_6 in pl.range(512, 7168, 512):
                    kv_tile_a_i: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(normed_states, [16, 512], [0, k0_6])
                    kv_tile_b_i: pl.Tensor[[512, 64], pl.BF16] = pl.tensor.slice(wkv_a, [512, 64], [k0_6, kv0])
                    kv_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul_acc(kv_acc, kv_tile_a_i, kv_tile_b_i, a_trans=False, b_trans=False)
            # Stage 1.6: Final KV output cast.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="kv_a_write"):
                kv_a_out: pl.Tensor[[16, 576], pl.BF16] = pl.tensor.assemble(kv_a_out, pl.tensor.cast(kv_acc, target_type=pl.BF16, mode='round'), [0, kv0])
        # Stage 1.7: Apply RoPE on q_proj in-place.
        for b in pl.parallel(16):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_rope"):
                ctx_len: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens, [b])
                pos: pl.Scalar[pl.INDEX] = pl.cast(ctx_len, pl.INDEX) - 1
                cos_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos, [1, 32], [pos, 0])
                cos_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos, [1, 32], [pos, 32])
                sin_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin, [1, 32], [pos, 0])
                sin_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin, [1, 32], [pos, 32])
                for q_col in pl.range(128, 24576, 192):
                    q_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_proj, [1, 32], [b, q_col]), target_type=pl.FP32, mode='round')
                    q_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_proj, [1, 32], [b, q_col + 32]), target_type=pl.FP32, mode='round')
                    q_rot_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(q_lo, cos_lo), pl.tensor.col_expand_mul(q_hi, sin_lo))
                    q_rot_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(q_hi, cos_hi), pl.tensor.col_expand_mul(q_lo, sin_hi))
                    q_proj: pl.Tensor[[16, 24576], pl.BF16] = pl.tensor.assemble(q_proj, pl.tensor.cast(q_rot_lo, target_type=pl.BF16, mode='round'), [b, q_col])
                    q_proj: pl.Tensor[[16, 24576], pl.BF16] = pl.tensor.assemble(q_proj, pl.tensor.cast(q_rot_hi, target_type=pl.BF16, mode='round'), [b, q_col + 32])
        # Stage 1.8: Apply kv_norm on KV latent.
        kv_normed_out: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.create([16, 512], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="kv_rmsnorm"):
            kv_rows: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_a_out, [16, 512], [0, 0]), target_type=pl.FP32, mode='round')
            kv_partial_sq: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(kv_rows, kv_rows)), [1, 16])
            kv_variance: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.adds(pl.tensor.muls(kv_partial_sq, 0.001953125), 9.9999999999999995e-07), [16, 1])
            kv_inv_rms: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(kv_variance))
            kv_gamma: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.slice(kv_norm_weight, [1, 512], [0, 0])
            kv_normed: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(kv_rows, kv_inv_rms), kv_gamma)
            kv_normed_out: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.assemble(kv_normed_out, pl.tensor.cast(kv_normed, target_type=pl.BF16, mode='round'), [0, 0])
        # Stage 1.9: Write decode caches.
        # - kv_cache: normalized KV latent
        # - pe_cache: rope component from kv_a_out after RoPE
        for b_1 in pl.parallel(16):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="decode_cache_write"):
                ctx_len: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens, [b_1])
                pos: pl.Scalar[pl.INDEX] = pl.cast(ctx_len, pl.INDEX) - 1
                cache_row: pl.Scalar[pl.INDEX] = b_1 * 4096 + pos
                cos_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos, [1, 32], [pos, 0])
                cos_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos, [1, 32], [pos, 32])
                sin_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin, [1, 32], [pos, 0])
                sin_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin, [1, 32], [pos, 32])
                kv_normed_row: pl.Tensor[[1, 512], pl.BF16] = pl.tensor.slice(kv_normed_out, [1, 512], [b_1, 0])
                pe_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_a_out, [1, 32], [b_1, 512]), target_type=pl.FP32, mode='round')
                pe_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_a_out, [1, 32], [b_1, 544]), target_type=pl.FP32, mode='round')
                pe_rot_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(pe_lo, cos_lo), pl.tensor.col_expand_mul(pe_hi, sin_lo))
                pe_rot_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(pe_hi, cos_hi), pl.tensor.col_expand_mul(pe_lo, sin_hi))
                kv_cache: pl.Tensor[[65536, 512], pl.BF16] = pl.tensor.assemble(kv_cache, kv_normed_row, [cache_row, 0])
                pe_cache: pl.Tensor[[65536, 64], pl.BF16] = pl.tensor.assemble(pe_cache, pl.tensor.cast(pe_rot_lo, target_type=pl.BF16, mode='round'), [cache_row, 0])
                pe_cache: pl.Tensor[[65536, 64], pl.BF16] = pl.tensor.assemble(pe_cache, pl.tensor.cast(pe_rot_hi, target_type=pl.BF16, mode='round'), [cache_row, 32])
        # ===== scope2: indexer path (prepare q_idx/k_cache_idx) =====
        # Outputs:
        # - q_idx_out: BF16 aggregated index query vector for stage3
        # - k_cache_idx: BF16 index key cache row for the current decode token
        # 
        # Scope123 switches to an INT8 index path after the Hadamard stage.
        # Scope1234 keeps the BF16 index contract because this standalone file
        # still validates and exports `k_cache_idx` in BF16, and scope3 keeps the
        # matching exact BF16 score path. The staging and comments below stay as
        # close to scope123 as the scope1234 data contract safely allows.
        # Stage 2.1: q_idx_full = wq_b_idx(qr_out).
        q_idx_full: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.create([16, 8192], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for q0_2 in pl.parallel(0, 8192, 128):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_idx_proj"):
                s2_q_chunk_init: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.slice(qr_out, [16, 64], [0, 0])
                s2_wq_chunk_init: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(wq_b_idx, [64, 128], [0, q0_2])
                s2_q_acc: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(s2_q_chunk_init, s2_wq_chunk_init, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0_7 in pl.range(64, 1536, 64):
                    qr_chunk: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.slice(qr_out, [16, 64], [0, k0_7])
                    wq_chunk: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(wq_b_idx, [64, 128], [k0_7, q0_2])
                    s2_q_acc: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul_acc(s2_q_acc, qr_chunk, wq_chunk, a_trans=False, b_trans=False)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_idx_proj_write"):
                q_idx_full: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.assemble(q_idx_full, pl.tensor.cast(s2_q_acc, target_type=pl.BF16, mode='round'), [0, q0_2])
        # Stage 2.2: k_idx = wk_idx(hidden_states).
        k_idx: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.create([16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for k1 in pl.parallel(0, 128, 64):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_idx_proj"):
                s2_x_init: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(hidden_states, [16, 128], [0, 0])
                wk_init: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wk_idx, [128, 64], [0, k1])
                s2_k_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(s2_x_init, wk_init, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0_8 in pl.range(128, 7168, 128):
                    s2_x_chunk: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(hidden_states, [16, 128], [0, k0_8])
                    wk_chunk: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wk_idx, [128, 64], [k0_8, k1])
                    s2_k_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul_acc(s2_k_acc, s2_x_chunk, wk_chunk, a_trans=False, b_trans=False)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_idx_proj_write"):
                k_idx: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(k_idx, pl.tensor.cast(s2_k_acc, target_type=pl.BF16, mode='round'), [0, k1])
        # Stage 2.3: Apply LayerNorm on k_idx (gamma/beta from k_norm_affine).
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_idx_layernorm"):
            s2_k_tile: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.cast(k_idx, target_type=pl.FP32, mode='round')
            s2_mean: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.muls(s2_k_tile, 0.0078125))
            s2_centered: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.row_expand_sub(s2_k_tile, s2_mean)
            s2_var: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.muls(pl.tensor.mul(s2_centered, s2_centered), 0.0078125))
            s2_var_eps: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.adds(s2_var, 9.9999999999999995e-07)
            s2_std: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.sqrt(pl.tensor.reshape(s2_var_eps, [1, 16])), [16, 1])
            s2_inv_std: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.recip(s2_std)
            s2_normed: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.row_expand_mul(s2_centered, s2_inv_std)
            s2_scaled: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.col_expand_mul(s2_normed, k_norm_weight)
            s2_ones: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.adds(pl.tensor.sub(s2_k_tile, s2_k_tile), 1.0)
            s2_k_normed: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.add(s2_scaled, pl.tensor.col_expand_mul(s2_ones, k_norm_bias))
            k_idx: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.cast(s2_k_normed, target_type=pl.BF16, mode='round')
        # Stage 2.4: Apply RoPE on rope dimensions of q_idx_full and k_idx.
        for b_2 in pl.parallel(16):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_idx_rope"):
                pos: pl.Scalar[pl.INDEX] = pl.cast(pl.tensor.read(seq_lens, [b_2]), pl.INDEX) - 1
                cos_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos, [1, 32], [pos, 0])
                cos_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos, [1, 32], [pos, 32])
                sin_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin, [1, 32], [pos, 0])
                sin_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin, [1, 32], [pos, 32])
                for q_col_1 in pl.range(0, 8192, 128):
                    s2_q_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_idx_full, [1, 32], [b_2, q_col_1]), target_type=pl.FP32, mode='round')
                    s2_q_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_idx_full, [1, 32], [b_2, q_col_1 + 32]), target_type=pl.FP32, mode='round')
                    s2_q_rot_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(s2_q_lo, cos_lo), pl.tensor.col_expand_mul(s2_q_hi, sin_lo))
                    s2_q_rot_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(s2_q_hi, cos_hi), pl.tensor.col_expand_mul(s2_q_lo, sin_hi))
                    q_idx_full: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.assemble(q_idx_full, pl.tensor.cast(s2_q_rot_lo, target_type=pl.BF16, mode='round'), [b_2, q_col_1])
                    q_idx_full: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.assemble(q_idx_full, pl.tensor.cast(s2_q_rot_hi, target_type=pl.BF16, mode='round'), [b_2, q_col_1 + 32])
                s2_k_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(k_idx, [1, 32], [b_2, 0]), target_type=pl.FP32, mode='round')
                s2_k_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(k_idx, [1, 32], [b_2, 32]), target_type=pl.FP32, mode='round')
                s2_k_rot_lo: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(s2_k_lo, cos_lo), pl.tensor.col_expand_mul(s2_k_hi, sin_lo))
                s2_k_rot_hi: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(s2_k_hi, cos_hi), pl.tensor.col_expand_mul(s2_k_lo, sin_hi))
                k_idx: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(k_idx, pl.tensor.cast(s2_k_rot_lo, target_type=pl.BF16, mode='round'), [b_2, 0])
                k_idx: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(k_idx, pl.tensor.cast(s2_k_rot_hi, target_type=pl.BF16, mode='round'), [b_2, 32])
        # Stage 2.5: Apply Hadamard transform (full matrix multiplication).
        # Keep matmul and vector writeback in separate scopes on a2a3 to avoid
        # generating mixed AIC/AIV kernels with zero-work vector lanes.
        for h in pl.parallel(64):
            h_offset: pl.Scalar[pl.INDEX] = h * 128
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_hadamard_matmul"):
                q_tile: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(q_idx_full, [16, 128], [0, h_offset])
                q_h_tile: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(q_tile, hadamard_q, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_hadamard_write"):
                q_idx_full: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.assemble(q_idx_full, pl.tensor.cast(q_h_tile, target_type=pl.BF16, mode='round'), [0, h_offset])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_hadamard_matmul"):
            k_h_tile: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(k_idx, hadamard_k, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_hadamard_write"):
            k_idx: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(k_idx, pl.tensor.cast(k_h_tile, target_type=pl.BF16, mode='round'), [0, 0])
        # Stage 2.6: weights = weights_proj(hidden_states) * n_heads^-0.5 * head_dim^-0.5.
        weights_proj_bf16: pl.Tensor[[7168, 64], pl.BF16] = pl.tensor.create([7168, 64], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_weights_proj_bf16"):
            for k0_9 in pl.range(0, 7168, 128):
                wp_tile: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.cast(pl.tensor.slice(weights_proj, [128, 64], [k0_9, 0]), target_type=pl.BF16, mode='round')
                weights_proj_bf16: pl.Tensor[[7168, 64], pl.BF16] = pl.tensor.assemble(weights_proj_bf16, wp_tile, [k0_9, 0])
        weights: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for w0 in pl.parallel(0, 64, 16):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_weights_matmul"):
                s2_x_init: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(hidden_states, [16, 128], [0, 0])
                wp_init: pl.Tensor[[128, 16], pl.BF16] = pl.tensor.slice(weights_proj_bf16, [128, 16], [0, w0])
                s2_w_acc: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.matmul(s2_x_init, wp_init, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0_10 in pl.range(128, 7168, 128):
                    s2_x_chunk: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(hidden_states, [16, 128], [0, k0_10])
                    wp_chunk: pl.Tensor[[128, 16], pl.BF16] = pl.tensor.slice(weights_proj_bf16, [128, 16], [k0_10, w0])
                    s2_w_acc: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.matmul_acc(s2_w_acc, s2_x_chunk, wp_chunk, a_trans=False, b_trans=False)
                weights: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(weights, s2_w_acc, [0, w0])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_weights_scale"):
            weights: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.muls(weights, 0.011048543456039806)
        # Stage 2.7: Write current-token k_idx into BF16 cache form.
        for b_3 in pl.parallel(16):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_idx_cache_write"):
                pos: pl.Scalar[pl.INDEX] = pl.cast(pl.tensor.read(seq_lens, [b_3]), pl.INDEX) - 1
                cache_row: pl.Scalar[pl.INDEX] = b_3 * 4096 + pos
                k_cache_idx: pl.Tensor[[65536, 128], pl.BF16] = pl.tensor.assemble(k_cache_idx, pl.tensor.slice(k_idx, [1, 128], [b_3, 0]), [cache_row, 0])
        # Stage 2.8: Reduce q_idx_full across heads with weights to get q_idx_out.
        q_idx_out: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.create([16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        weights_flat: pl.Tensor[[1024], pl.FP32] = pl.tensor.reshape(weights, [1024])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_reduce"):
            for d0 in pl.parallel(0, 128, 64):
                for b_4 in pl.range(16):
                    s2_acc_b: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.full([1, 64], dtype=pl.FP32, value=0.0)
                    for h_1 in pl.range(64):
                        s2_q_h_b: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_idx_full, [1, 64], [b_4, h_1 * 128 + d0]), target_type=pl.FP32, mode='round')
                        s2_w_h_b: pl.Scalar[pl.FP32] = pl.tensor.read(weights_flat, [b_4 * 64 + h_1])
                        s2_acc_b: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.add(s2_acc_b, pl.tensor.muls(s2_q_h_b, s2_w_h_b))
                    q_idx_out: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(q_idx_out, pl.tensor.cast(s2_acc_b, target_type=pl.BF16, mode='round'), [b_4, d0])
        # ===== scope3: index score + topk =====
        # Inputs: q_idx_out, k_cache_idx
        # Internal bridge:
        # - topk_idx: top-k positions per batch for scope4
        # 
        # Scope123's INT8 path computes quantized per-head scores and topk values.
        # Scope1234 keeps the exact BF16 `q_idx_out x k_cache_idx` score path so the
        # topk indices stay aligned with the exported BF16 cache contract.
        topk_idx: pl.Tensor[[16, 2048], pl.INT32] = pl.tensor.create([16, 2048], dtype=pl.INT32, layout=pl.TensorLayout.ND)
        scores: pl.Tensor[[16, 8192], pl.FP32] = pl.tensor.create([16, 8192], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        s3_q_padded: pl.Tensor[[256, 128], pl.BF16] = pl.tensor.create([256, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for b_5 in pl.parallel(16):
            s3_score_tiles: pl.Tensor[[1024, 64], pl.FP32] = pl.tensor.create([1024, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            # Stage 3.0: Pad q_idx_out and pre-fill scores.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_init"):
                s3_q_row: pl.Tensor[[1, 128], pl.BF16] = pl.tensor.slice(q_idx_out, [1, 128], [b_5, 0])
                s3_q_padded: pl.Tensor[[256, 128], pl.BF16] = pl.tensor.assemble(s3_q_padded, s3_q_row, [b_5 * 16, 0])
                s3_q_zero_pad: pl.Tensor[[15, 128], pl.BF16] = pl.tensor.cast(pl.tensor.full([15, 128], dtype=pl.FP32, value=0.0), target_type=pl.BF16, mode='round')
                s3_q_padded: pl.Tensor[[256, 128], pl.BF16] = pl.tensor.assemble(s3_q_padded, s3_q_zero_pad, [b_5 * 16 + 1, 0])
                s3_neg_inf_row: pl.Tensor[[1, 8192], pl.FP32] = pl.tensor.full([1, 8192], dtype=pl.FP32, value=-3.4028234663852886e+38)
                scores: pl.Tensor[[16, 8192], pl.FP32] = pl.tensor.assemble(scores, s3_neg_inf_row, [b_5, 0])
            s3_ctx_len: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens, [b_5])
            s3_ctx_blocks: pl.Scalar[pl.INDEX] = (pl.cast(s3_ctx_len, pl.INDEX) + 64 - 1) // 64
            # Stage 3.1: Compute tiled BF16 qk logits.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_score_tile"):
                for sb in pl.range(s3_ctx_blocks):
                    s0: pl.Scalar[pl.INDEX] = sb * 64
                    cache_row0: pl.Scalar[pl.INDEX] = b_5 * 4096 + s0
                    s3_q_tile: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(s3_q_padded, [16, 128], [b_5 * 16, 0])
                    s3_k_tile: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(k_cache_idx, [64, 128], [cache_row0, 0])
                    s3_score_tile: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(s3_q_tile, s3_k_tile, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
                    s3_score_tiles: pl.Tensor[[1024, 64], pl.FP32] = pl.tensor.assemble(s3_score_tiles, s3_score_tile, [sb * 16, 0])
            # Stage 3.2: Write valid score tiles into the global score row.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_score_write"):
                for sb_1 in pl.range(s3_ctx_blocks):
                    s0: pl.Scalar[pl.INDEX] = sb_1 * 64
                    s3_valid_len: pl.Scalar[pl.INDEX] = pl.min(64, pl.cast(s3_ctx_len, pl.INDEX) - s0)
                    score_row0: pl.Scalar[pl.INDEX] = sb_1 * 16
                    s3_score_valid: pl.Tensor[[1, 64], pl.FP32, pl.TensorView(valid_shape=[1, s3_valid_len], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.slice(s3_score_tiles, [1, 64], [score_row0, 0], [1, s3_valid_len])
                    scores: pl.Tensor[[16, 8192], pl.FP32] = pl.tensor.assemble(scores, s3_score_valid, [b_5, s0])
            s3_sorted_gm: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.create([1, 16384], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            # Stage 3.3: Run sort32 + mrgsort.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_sort"):
                s3_score_row: pl.Tensor[[1, 8192], pl.FP32] = pl.tensor.slice(scores, [1, 8192], [b_5, 0])
                idx_init: pl.Tensor[[1, 8192], pl.UINT32] = pl.tensor.ci(pl.const(0, pl.UINT32), [1, 8192], dtype=pl.UINT32, descending=False)
                s3_sorted_t: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.sort32(s3_score_row, idx_init)
                s3_sorted_t: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.mrgsort_format1(s3_sorted_t, pl.const(64, pl.INT32))
                s3_sorted_t: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.mrgsort_format1(s3_sorted_t, pl.const(256, pl.INT32))
                s3_sorted_t: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.mrgsort_format1(s3_sorted_t, pl.const(1024, pl.INT32))
                s3_sorted_t: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.mrgsort_format1(s3_sorted_t, pl.const(4096, pl.INT32))
                s3_sorted_gm: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.assemble(s3_sorted_gm, s3_sorted_t, [0, 0])
            # Stage 3.4: Split top-k values and raw indices, then pad invalid tail slots.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_topk_extract"):
                s3_topk_pairs: pl.Tensor[[1, 4096], pl.FP32] = pl.tensor.slice(s3_sorted_gm, [1, 4096], [0, 0])
                s3_topk_i_raw: pl.Tensor[[1, 2048], pl.INT32] = pl.tensor.gather_mask(s3_topk_pairs, mask_pattern=2, output_dtype=pl.INT32)
                s3_valid_topk: pl.Scalar[pl.INDEX] = pl.min(2048, pl.cast(s3_ctx_len, pl.INDEX))
                s3_idx_valid: pl.Tensor[[1, 2048], pl.INT32, pl.TensorView(valid_shape=[1, s3_valid_topk], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.slice(s3_topk_i_raw, [1, 2048], [0, 0], [1, s3_valid_topk])
                s3_idx_padded: pl.Tensor[[1, 2048], pl.INT32] = pl.tensor.fillpad(s3_idx_valid, pad_value=pl.PadValue.min)
                topk_idx: pl.Tensor[[16, 2048], pl.INT32] = pl.tensor.assemble(topk_idx, s3_idx_padded, [b_5, 0])
        # ===== scope4: sparse attention with online softmax + latent-to-V projection =====
        # Inputs: q_proj, kv_cache, pe_cache, topk_idx
        # Output: dispatch_buf (cross-node dispatch buffer)
        attn_front: pl.Tensor[[16, 16384], pl.BF16] = pl.tensor.create([16, 16384], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        topk_idx_flat: pl.Tensor[[32768], pl.INT32] = pl.tensor.reshape(topk_idx, [32768])
        w_q_nope_to_latent_2d: pl.Tensor[[16384, 512], pl.BF16] = pl.tensor.reshape(w_q_nope_to_latent, [16384, 512])
        w_latent_to_v_2d: pl.Tensor[[65536, 128], pl.BF16] = pl.tensor.reshape(w_latent_to_v, [65536, 128])
        for b_6 in pl.parallel(16):
            attn_row: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.create([1, 16384], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            sparse_k: pl.Scalar[pl.INDEX] = pl.min(2048, pl.cast(pl.tensor.read(seq_lens, [b_6]), pl.INDEX))
            topk_base: pl.Scalar[pl.INDEX] = b_6 * 2048
            for h_2 in pl.parallel(128):
                q_col_1: pl.Scalar[pl.INDEX] = h_2 * 192
                v_col: pl.Scalar[pl.INDEX] = h_2 * 128
                # Stage 4.1: Load q_pe and project q_nope into latent space.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_q_pe_load"):
                    q_pe: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_proj, [1, 64], [b_6, q_col_1 + 128]), target_type=pl.FP32, mode='round')
                    q_pe_batch: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0), q_pe)
                    q_nope_padded: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.cast(pl.tensor.full([16, 128], dtype=pl.FP32, value=0.0), target_type=pl.BF16, mode='round')
                    q_nope_padded: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.col_expand(q_nope_padded, pl.tensor.slice(q_proj, [1, 128], [b_6, q_col_1]))
                    q_nope_latent_batch: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.full([16, 512], dtype=pl.FP32, value=0.0)
                # Stage 4.2: Project q_nope to latent space chunk-by-chunk.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_q_nope_latent_proj"):
                    q_w_row: pl.Scalar[pl.INDEX] = h_2 * 128
                    for q0_3 in pl.range(0, 512, 128):
                        w_qn_h_chunk: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_q_nope_to_latent_2d, [128, 128], [q_w_row, q0_3])
                        q_nope_latent_part: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(q_nope_padded, w_qn_h_chunk, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        q_nope_latent_batch: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.assemble(q_nope_latent_batch, q_nope_latent_part, [0, q0_3])
                # Stage 4.3-4.5: Online softmax over the sparse top-k set.
                # 
                # Keep the dynamic kk loop inside one device task. Emitting
                # one runtime task per top-k element creates hundreds of
                # thousands of tiny dependent tasks for this standalone
                # profile and can leave the a2a3 scheduler stuck waiting.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_softmax"):
                    topk_pos0: pl.Scalar[pl.INT32] = pl.tensor.read(topk_idx_flat, [topk_base])
                    cache_s0: pl.Scalar[pl.INDEX] = b_6 * 4096 + pl.cast(topk_pos0, pl.INDEX)
                    kv_s0: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_cache, [1, 512], [cache_s0, 0]), target_type=pl.FP32, mode='round')
                    pe_s0: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.cast(pl.tensor.slice(pe_cache, [1, 64], [cache_s0, 0]), target_type=pl.FP32, mode='round')
                    oi: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 512], dtype=pl.FP32, value=0.0), kv_s0)
                    pe_batch0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0), pe_s0)
                    score_nope0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.mul(q_nope_latent_batch, oi))
                    score_pe0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.mul(q_pe_batch, pe_batch0))
                    mi: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.muls(pl.tensor.add(score_nope0, score_pe0), 0.07216878364870323)
                    li: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(mi, mi))
                    for kk in pl.range(1, sparse_k):
                        topk_pos: pl.Scalar[pl.INT32] = pl.tensor.read(topk_idx_flat, [topk_base + kk])
                        cache_s: pl.Scalar[pl.INDEX] = b_6 * 4096 + pl.cast(topk_pos, pl.INDEX)
                        kv_s: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_cache, [1, 512], [cache_s, 0]), target_type=pl.FP32, mode='round')
                        pe_s: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.cast(pl.tensor.slice(pe_cache, [1, 64], [cache_s, 0]), target_type=pl.FP32, mode='round')
                        kv_batch: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 512], dtype=pl.FP32, value=0.0), kv_s)
                        pe_batch: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0), pe_s)
                        score_nope: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.mul(q_nope_latent_batch, kv_batch))
                        score_pe: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.mul(q_pe_batch, pe_batch))
                        cur_mi: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.muls(pl.tensor.add(score_nope, score_pe), 0.07216878364870323)
                        mi_new: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.maximum(mi, cur_mi)
                        alpha: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(mi, mi_new))
                        beta: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(cur_mi, mi_new))
                        li: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.add(pl.tensor.mul(alpha, li), beta)
                        oi: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.add(pl.tensor.row_expand_mul(oi, alpha), pl.tensor.row_expand_mul(kv_batch, beta))
                        mi: pl.Tensor[[16, 1], pl.FP32] = mi_new
                    ctx_latent_batch: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.row_expand_div(oi, li)
                # Stage 4.6: Project latent context back to V chunks.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_latent_cast"):
                    ctx_latent_bf16_batch: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.cast(ctx_latent_batch, target_type=pl.BF16, mode='round')
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_v_proj"):
                    ctx_v_batch: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.full([16, 128], dtype=pl.FP32, value=0.0)
                    v_w_row: pl.Scalar[pl.INDEX] = h_2 * 512
                    for v0 in pl.range(0, 128, 32):
                        wv_tile_chunk: pl.Tensor[[512, 32], pl.BF16] = pl.tensor.slice(w_latent_to_v_2d, [512, 32], [v_w_row, v0])
                        v_part_batch: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.matmul(ctx_latent_bf16_batch, wv_tile_chunk, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        ctx_v_batch: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.assemble(ctx_v_batch, v_part_batch, [0, v0])
                # Stage 4.7: Extract the leading V row and assemble it into attn_row.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_v_assemble"):
                    ctx_v: pl.Tensor[[1, 128], pl.FP32] = pl.tensor.slice(ctx_v_batch, [1, 128], [0, 0])
                    attn_row: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.assemble(attn_row, ctx_v, [0, v_col])
            # Stage 4.8: Cast and stash the finished attention row for this batch.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_attn_row_write"):
                attn_front: pl.Tensor[[16, 16384], pl.BF16] = pl.tensor.assemble(attn_front, pl.tensor.cast(attn_row, target_type=pl.BF16, mode='round'), [b_6, 0])
        # Stage 4.9: Route finished attention rows into the cross-node dispatch buffer.
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_dispatch"):
            layer_id: pl.Scalar[pl.INT32] = pl.tensor.read(layer_id_t, [0])
            for b_7 in pl.parallel(16):
                target_node: pl.Scalar[pl.INDEX] = (b_7 + pl.cast(layer_id, pl.INDEX)) % 128
                token_row: pl.Tensor[[1, 16384], pl.BF16] = pl.tensor.slice(attn_front, [1, 16384], [b_7, 0])
                dispatch_buf: pl.Tensor[[128, 16, 16384], pl.BF16] = pl.tensor.assemble(dispatch_buf, token_row, [target_node, b_7, 0])
        return dispatch_buf
