# pypto.program: DeepSeekV32DecodeFrontScope1234
import pypto.language as pl

@pl.program
class DeepSeekV32DecodeFrontScope1234:
    @pl.function
    def deepseek_v3_2_decode_front_scope1234(self, hidden_states__ssa_v0: pl.Tensor[[16, 7168], pl.BF16], input_rms_weight__ssa_v0: pl.Tensor[[1, 7168], pl.FP32], q_norm_weight__ssa_v0: pl.Tensor[[1, 1536], pl.FP32], kv_norm_weight__ssa_v0: pl.Tensor[[1, 512], pl.FP32], wq_a__ssa_v0: pl.Tensor[[7168, 1536], pl.BF16], wq_b__ssa_v0: pl.Tensor[[1536, 24576], pl.BF16], wkv_a__ssa_v0: pl.Tensor[[7168, 576], pl.BF16], seq_lens__ssa_v0: pl.Tensor[[16], pl.INT32], rope_cos__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], rope_sin__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], wq_b_idx__ssa_v0: pl.Tensor[[1536, 8192], pl.BF16], wk_idx__ssa_v0: pl.Tensor[[7168, 128], pl.BF16], weights_proj__ssa_v0: pl.Tensor[[7168, 64], pl.FP32], k_norm_weight__ssa_v0: pl.Tensor[[1, 128], pl.FP32], k_norm_bias__ssa_v0: pl.Tensor[[1, 128], pl.FP32], hadamard_q__ssa_v0: pl.Tensor[[128, 128], pl.BF16], hadamard_k__ssa_v0: pl.Tensor[[128, 128], pl.BF16], layer_id_t__ssa_v0: pl.Tensor[[1], pl.INT32], w_q_nope_to_latent__ssa_v0: pl.Tensor[[128, 128, 512], pl.BF16], w_latent_to_v__ssa_v0: pl.Tensor[[128, 512, 128], pl.BF16], kv_cache__ssa_v0: pl.InOut[pl.Tensor[[65536, 512], pl.BF16]], pe_cache__ssa_v0: pl.InOut[pl.Tensor[[65536, 64], pl.BF16]], k_cache_idx__ssa_v0: pl.InOut[pl.Tensor[[65536, 128], pl.BF16]], dispatch_buf__ssa_v0: pl.InOut[pl.Tensor[[128, 16, 16384], pl.BF16]]) -> pl.Tensor[[128, 16, 16384], pl.BF16]:
        # ===== scope1: MLA front path (RMSNorm + Q/KV projection + RoPE + cache writeback) =====
        # Outputs:
        # - kv_cache: normalized KV latent cache row for the current decode token
        # - pe_cache: rotated rope cache row for the current decode token
        # Internal bridge:
        # - q_proj: rotated decode query heads reused by scope4
        # Stage 1.1: RMSNorm on hidden_states.
        normed_states__ssa_v0: pl.Tensor[[16, 7168], pl.BF16] = pl.tensor.create([16, 7168], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="input_rmsnorm"):
            partial_sq__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
            for k0__idx_v0, (partial_sq__iter_v1,) in pl.range(0, 7168, 512, init_values=(partial_sq__ssa_v0,)):
                x_chunk__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states__ssa_v0, [16, 512], [0, k0__idx_v0]), target_type=pl.FP32, mode='round')
                partial_sq__ssa_v3: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(partial_sq__iter_v1, pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(x_chunk__ssa_v0, x_chunk__ssa_v0)), [1, 16]))
                partial_sq__rv_v2: pl.Tensor[[1, 16], pl.FP32] = pl.yield_(partial_sq__ssa_v3)
            variance__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.adds(pl.tensor.muls(partial_sq__rv_v2, 0.00013950892857142856), 9.9999999999999995e-07), [16, 1])
            inv_rms__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(variance__ssa_v0))
            for k0__idx_v0_1, (normed_states__iter_v1,) in pl.range(0, 7168, 512, init_values=(normed_states__ssa_v0,)):
                x_chunk_bf16__ssa_v0: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(hidden_states__ssa_v0, [16, 512], [0, k0__idx_v0_1])
                x_tile__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.cast(x_chunk_bf16__ssa_v0, target_type=pl.FP32, mode='round')
                gamma__ssa_v0: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.slice(input_rms_weight__ssa_v0, [1, 512], [0, k0__idx_v0_1])
                normed__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(x_tile__ssa_v0, inv_rms__ssa_v0), gamma__ssa_v0)
                normed_states__ssa_v3: pl.Tensor[[16, 7168], pl.BF16] = pl.tensor.assemble(normed_states__iter_v1, pl.tensor.cast(normed__ssa_v0, target_type=pl.BF16, mode='round'), [0, k0__idx_v0_1])
                normed_states__rv_v2: pl.Tensor[[16, 7168], pl.BF16] = pl.yield_(normed_states__ssa_v3)
        # Stage 1.2: Project qr = normed @ wq_a.
        qr_fp32__ssa_v0: pl.Tensor[[16, 1536], pl.FP32] = pl.tensor.create([16, 1536], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for q0__idx_v0, (qr_fp32__iter_v1,) in pl.parallel(0, 1536, 64, init_values=(qr_fp32__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_lora_proj"):
                q_tile_a__ssa_v0: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [16, 512], [0, 0])
                q_tile_b__ssa_v0: pl.Tensor[[512, 64], pl.BF16] = pl.tensor.slice(wq_a__ssa_v0, [512, 64], [0, q0__idx_v0])
                q_acc__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(q_tile_a__ssa_v0, q_tile_b__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0__idx_v0_2, (q_acc__iter_v1,) in pl.range(512, 7168, 512, init_values=(q_acc__ssa_v0,)):
                    q_tile_a_i__ssa_v0: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [16, 512], [0, k0__idx_v0_2])
                    q_tile_b_i__ssa_v0: pl.Tensor[[512, 64], pl.BF16] = pl.tensor.slice(wq_a__ssa_v0, [512, 64], [k0__idx_v0_2, q0__idx_v0])
                    q_acc__ssa_v3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul_acc(q_acc__iter_v1, q_tile_a_i__ssa_v0, q_tile_b_i__ssa_v0, a_trans=False, b_trans=False)
                    q_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(q_acc__ssa_v3)
                qr_fp32__ssa_v3: pl.Tensor[[16, 1536], pl.FP32] = pl.tensor.assemble(qr_fp32__iter_v1, q_acc__rv_v2, [0, q0__idx_v0])
            qr_fp32__rv_v2: pl.Tensor[[16, 1536], pl.FP32] = pl.yield_(qr_fp32__ssa_v3)
        # Stage 1.3: Apply q_norm on qr.
        qr_out__ssa_v0: pl.Tensor[[16, 1536], pl.BF16] = pl.tensor.create([16, 1536], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_lora_rmsnorm"):
            q_partial_sq__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
            for k0__idx_v0_3, (q_partial_sq__iter_v1,) in pl.range(0, 1536, 64, init_values=(q_partial_sq__ssa_v0,)):
                qr_chunk_fp32__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.slice(qr_fp32__rv_v2, [16, 64], [0, k0__idx_v0_3])
                q_partial__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(qr_chunk_fp32__ssa_v0, qr_chunk_fp32__ssa_v0)), [1, 16])
                q_partial_sq__ssa_v3: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(q_partial_sq__iter_v1, q_partial__ssa_v0)
                q_partial_sq__rv_v2: pl.Tensor[[1, 16], pl.FP32] = pl.yield_(q_partial_sq__ssa_v3)
            q_variance__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.adds(pl.tensor.muls(q_partial_sq__rv_v2, 0.00065104166666666663), 9.9999999999999995e-07), [16, 1])
            q_inv_rms__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(q_variance__ssa_v0))
            for k0__idx_v0_4, (qr_out__iter_v1,) in pl.range(0, 1536, 64, init_values=(qr_out__ssa_v0,)):
                qr_chunk_bf16__ssa_v0: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.cast(pl.tensor.slice(qr_fp32__rv_v2, [16, 64], [0, k0__idx_v0_4]), target_type=pl.BF16, mode='round')
                qr_chunk_fp32__ssa_v1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.cast(qr_chunk_bf16__ssa_v0, target_type=pl.FP32, mode='round')
                q_gamma__ssa_v0: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.slice(q_norm_weight__ssa_v0, [1, 64], [0, k0__idx_v0_4])
                q_normed__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(qr_chunk_fp32__ssa_v1, q_inv_rms__ssa_v0), q_gamma__ssa_v0)
                qr_out__ssa_v3: pl.Tensor[[16, 1536], pl.BF16] = pl.tensor.assemble(qr_out__iter_v1, pl.tensor.cast(q_normed__ssa_v0, target_type=pl.BF16, mode='round'), [0, k0__idx_v0_4])
                qr_out__rv_v2: pl.Tensor[[16, 1536], pl.BF16] = pl.yield_(qr_out__ssa_v3)
        # Stage 1.4: Project q_proj = qr @ wq_b.
        q_proj__ssa_v0: pl.Tensor[[16, 24576], pl.BF16] = pl.tensor.create([16, 24576], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for q0__idx_v0_1, (q_proj__iter_v1,) in pl.parallel(0, 24576, 64, init_values=(q_proj__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_head_proj"):
                q_chunk_init__ssa_v0: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.slice(qr_out__rv_v2, [16, 64], [0, 0])
                wq_b_init__ssa_v0: pl.Tensor[[64, 64], pl.BF16] = pl.tensor.slice(wq_b__ssa_v0, [64, 64], [0, q0__idx_v0_1])
                q_out_acc__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(q_chunk_init__ssa_v0, wq_b_init__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0__idx_v0_5, (q_out_acc__iter_v1,) in pl.range(64, 1536, 64, init_values=(q_out_acc__ssa_v0,)):
                    q_chunk__ssa_v0: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.slice(qr_out__rv_v2, [16, 64], [0, k0__idx_v0_5])
                    wq_b_chunk__ssa_v0: pl.Tensor[[64, 64], pl.BF16] = pl.tensor.slice(wq_b__ssa_v0, [64, 64], [k0__idx_v0_5, q0__idx_v0_1])
                    q_out_acc__ssa_v3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul_acc(q_out_acc__iter_v1, q_chunk__ssa_v0, wq_b_chunk__ssa_v0, a_trans=False, b_trans=False)
                    q_out_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(q_out_acc__ssa_v3)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_head_proj_write"):
                q_proj__ssa_v3: pl.Tensor[[16, 24576], pl.BF16] = pl.tensor.assemble(q_proj__iter_v1, pl.tensor.cast(q_out_acc__rv_v2, target_type=pl.BF16, mode='round'), [0, q0__idx_v0_1])
            q_proj__rv_v2: pl.Tensor[[16, 24576], pl.BF16] = pl.yield_(q_proj__ssa_v3)
        # Stage 1.5: Project kv_a = normed @ wkv_a.
        kv_a_out__ssa_v0: pl.Tensor[[16, 576], pl.BF16] = pl.tensor.create([16, 576], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for kv0__idx_v0, (kv_a_out__iter_v1,) in pl.parallel(0, 576, 64, init_values=(kv_a_out__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="kv_a_proj"):
                kv_tile_a__ssa_v0: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [16, 512], [0, 0])
                kv_tile_b__ssa_v0: pl.Tensor[[512, 64], pl.BF16] = pl.tensor.slice(wkv_a__ssa_v0, [512, 64], [0, kv0__idx_v0])
                kv_acc__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(kv_tile_a__ssa_v0, kv_tile_b__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0__idx_v0_6, (kv_acc__iter_v1,) in pl.range(512, 7168, 512, init_values=(kv_acc__ssa_v0,)):
                    kv_tile_a_i__ssa_v0: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [16, 512], [0, k0__idx_v0_6])
                    kv_tile_b_i__ssa_v0: pl.Tensor[[512, 64], pl.BF16] = pl.tensor.slice(wkv_a__ssa_v0, [512, 64], [k0__idx_v0_6, kv0__idx_v0])
                    kv_acc__ssa_v3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul_acc(kv_acc__iter_v1, kv_tile_a_i__ssa_v0, kv_tile_b_i__ssa_v0, a_trans=False, b_trans=False)
                    kv_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(kv_acc__ssa_v3)
            # Stage 1.6: Final KV output cast.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="kv_a_write"):
                kv_a_out__ssa_v3: pl.Tensor[[16, 576], pl.BF16] = pl.tensor.assemble(kv_a_out__iter_v1, pl.tensor.cast(kv_acc__rv_v2, target_type=pl.BF16, mode='round'), [0, kv0__idx_v0])
            kv_a_out__rv_v2: pl.Tensor[[16, 576], pl.BF16] = pl.yield_(kv_a_out__ssa_v3)
        # Stage 1.7: Apply RoPE on q_proj in-place.
        for b__idx_v0, (q_proj__iter_v4,) in pl.parallel(16, init_values=(q_proj__rv_v2,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_rope"):
                ctx_len__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0])
                pos__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(ctx_len__ssa_v0, pl.INDEX) - 1
                cos_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos__ssa_v0, [1, 32], [pos__ssa_v0, 0])
                cos_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos__ssa_v0, [1, 32], [pos__ssa_v0, 32])
                sin_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin__ssa_v0, [1, 32], [pos__ssa_v0, 0])
                sin_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin__ssa_v0, [1, 32], [pos__ssa_v0, 32])
                for q_col__idx_v0, (q_proj__iter_v6,) in pl.range(128, 24576, 192, init_values=(q_proj__iter_v4,)):
                    q_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_proj__iter_v6, [1, 32], [b__idx_v0, q_col__idx_v0]), target_type=pl.FP32, mode='round')
                    q_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_proj__iter_v6, [1, 32], [b__idx_v0, q_col__idx_v0 + 32]), target_type=pl.FP32, mode='round')
                    q_rot_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(q_lo__ssa_v0, cos_lo__ssa_v0), pl.tensor.col_expand_mul(q_hi__ssa_v0, sin_lo__ssa_v0))
                    q_rot_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(q_hi__ssa_v0, cos_hi__ssa_v0), pl.tensor.col_expand_mul(q_lo__ssa_v0, sin_hi__ssa_v0))
                    q_proj__ssa_v8: pl.Tensor[[16, 24576], pl.BF16] = pl.tensor.assemble(q_proj__iter_v6, pl.tensor.cast(q_rot_lo__ssa_v0, target_type=pl.BF16, mode='round'), [b__idx_v0, q_col__idx_v0])
                    q_proj__ssa_v9: pl.Tensor[[16, 24576], pl.BF16] = pl.tensor.assemble(q_proj__ssa_v8, pl.tensor.cast(q_rot_hi__ssa_v0, target_type=pl.BF16, mode='round'), [b__idx_v0, q_col__idx_v0 + 32])
                    q_proj__rv_v7: pl.Tensor[[16, 24576], pl.BF16] = pl.yield_(q_proj__ssa_v9)
            q_proj__rv_v5: pl.Tensor[[16, 24576], pl.BF16] = pl.yield_(q_proj__rv_v7)
        # Stage 1.8: Apply kv_norm on KV latent.
        kv_normed_out__ssa_v0: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.create([16, 512], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="kv_rmsnorm"):
            kv_rows__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_a_out__rv_v2, [16, 512], [0, 0]), target_type=pl.FP32, mode='round')
            kv_partial_sq__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(kv_rows__ssa_v0, kv_rows__ssa_v0)), [1, 16])
            kv_variance__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.adds(pl.tensor.muls(kv_partial_sq__ssa_v0, 0.001953125), 9.9999999999999995e-07), [16, 1])
            kv_inv_rms__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(kv_variance__ssa_v0))
            kv_gamma__ssa_v0: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.slice(kv_norm_weight__ssa_v0, [1, 512], [0, 0])
            kv_normed__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(kv_rows__ssa_v0, kv_inv_rms__ssa_v0), kv_gamma__ssa_v0)
            kv_normed_out__ssa_v1: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.assemble(kv_normed_out__ssa_v0, pl.tensor.cast(kv_normed__ssa_v0, target_type=pl.BF16, mode='round'), [0, 0])
        # Stage 1.9: Write decode caches.
        # - kv_cache: normalized KV latent
        # - pe_cache: rope component from kv_a_out after RoPE
        for b__idx_v0_1, (kv_cache__iter_v1, pe_cache__iter_v1) in pl.parallel(16, init_values=(kv_cache__ssa_v0, pe_cache__ssa_v0)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="decode_cache_write"):
                ctx_len__ssa_v1: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0_1])
                pos__ssa_v1: pl.Scalar[pl.INDEX] = pl.cast(ctx_len__ssa_v1, pl.INDEX) - 1
                cache_row__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0_1 * 4096 + pos__ssa_v1
                cos_lo__ssa_v1: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos__ssa_v0, [1, 32], [pos__ssa_v1, 0])
                cos_hi__ssa_v1: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos__ssa_v0, [1, 32], [pos__ssa_v1, 32])
                sin_lo__ssa_v1: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin__ssa_v0, [1, 32], [pos__ssa_v1, 0])
                sin_hi__ssa_v1: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin__ssa_v0, [1, 32], [pos__ssa_v1, 32])
                kv_normed_row__ssa_v0: pl.Tensor[[1, 512], pl.BF16] = pl.tensor.slice(kv_normed_out__ssa_v1, [1, 512], [b__idx_v0_1, 0])
                pe_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_a_out__rv_v2, [1, 32], [b__idx_v0_1, 512]), target_type=pl.FP32, mode='round')
                pe_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_a_out__rv_v2, [1, 32], [b__idx_v0_1, 544]), target_type=pl.FP32, mode='round')
                pe_rot_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(pe_lo__ssa_v0, cos_lo__ssa_v1), pl.tensor.col_expand_mul(pe_hi__ssa_v0, sin_lo__ssa_v1))
                pe_rot_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(pe_hi__ssa_v0, cos_hi__ssa_v1), pl.tensor.col_expand_mul(pe_lo__ssa_v0, sin_hi__ssa_v1))
                kv_cache__ssa_v3: pl.Tensor[[65536, 512], pl.BF16] = pl.tensor.assemble(kv_cache__iter_v1, kv_normed_row__ssa_v0, [cache_row__ssa_v0, 0])
                pe_cache__ssa_v3: pl.Tensor[[65536, 64], pl.BF16] = pl.tensor.assemble(pe_cache__iter_v1, pl.tensor.cast(pe_rot_lo__ssa_v0, target_type=pl.BF16, mode='round'), [cache_row__ssa_v0, 0])
                pe_cache__ssa_v4: pl.Tensor[[65536, 64], pl.BF16] = pl.tensor.assemble(pe_cache__ssa_v3, pl.tensor.cast(pe_rot_hi__ssa_v0, target_type=pl.BF16, mode='round'), [cache_row__ssa_v0, 32])
            kv_cache__rv_v2, pe_cache__rv_v2 = pl.yield_(kv_cache__ssa_v3, pe_cache__ssa_v4)
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
        q_idx_full__ssa_v0: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.create([16, 8192], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for q0__idx_v0_2, (q_idx_full__iter_v1,) in pl.parallel(0, 8192, 128, init_values=(q_idx_full__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_idx_proj"):
                s2_q_chunk_init__ssa_v0: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.slice(qr_out__rv_v2, [16, 64], [0, 0])
                s2_wq_chunk_init__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(wq_b_idx__ssa_v0, [64, 128], [0, q0__idx_v0_2])
                s2_q_acc__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(s2_q_chunk_init__ssa_v0, s2_wq_chunk_init__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0__idx_v0_7, (s2_q_acc__iter_v1,) in pl.range(64, 1536, 64, init_values=(s2_q_acc__ssa_v0,)):
                    qr_chunk__ssa_v0: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.slice(qr_out__rv_v2, [16, 64], [0, k0__idx_v0_7])
                    wq_chunk__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(wq_b_idx__ssa_v0, [64, 128], [k0__idx_v0_7, q0__idx_v0_2])
                    s2_q_acc__ssa_v3: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul_acc(s2_q_acc__iter_v1, qr_chunk__ssa_v0, wq_chunk__ssa_v0, a_trans=False, b_trans=False)
                    s2_q_acc__rv_v2: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(s2_q_acc__ssa_v3)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_idx_proj_write"):
                q_idx_full__ssa_v3: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.assemble(q_idx_full__iter_v1, pl.tensor.cast(s2_q_acc__rv_v2, target_type=pl.BF16, mode='round'), [0, q0__idx_v0_2])
            q_idx_full__rv_v2: pl.Tensor[[16, 8192], pl.BF16] = pl.yield_(q_idx_full__ssa_v3)
        # Stage 2.2: k_idx = wk_idx(hidden_states).
        k_idx__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.create([16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for k1__idx_v0, (k_idx__iter_v1,) in pl.parallel(0, 128, 64, init_values=(k_idx__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_idx_proj"):
                s2_x_init__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(hidden_states__ssa_v0, [16, 128], [0, 0])
                wk_init__ssa_v0: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wk_idx__ssa_v0, [128, 64], [0, k1__idx_v0])
                s2_k_acc__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(s2_x_init__ssa_v0, wk_init__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0__idx_v0_8, (s2_k_acc__iter_v1,) in pl.range(128, 7168, 128, init_values=(s2_k_acc__ssa_v0,)):
                    s2_x_chunk__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(hidden_states__ssa_v0, [16, 128], [0, k0__idx_v0_8])
                    wk_chunk__ssa_v0: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wk_idx__ssa_v0, [128, 64], [k0__idx_v0_8, k1__idx_v0])
                    s2_k_acc__ssa_v3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul_acc(s2_k_acc__iter_v1, s2_x_chunk__ssa_v0, wk_chunk__ssa_v0, a_trans=False, b_trans=False)
                    s2_k_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(s2_k_acc__ssa_v3)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_idx_proj_write"):
                k_idx__ssa_v3: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(k_idx__iter_v1, pl.tensor.cast(s2_k_acc__rv_v2, target_type=pl.BF16, mode='round'), [0, k1__idx_v0])
            k_idx__rv_v2: pl.Tensor[[16, 128], pl.BF16] = pl.yield_(k_idx__ssa_v3)
        # Stage 2.3: Apply LayerNorm on k_idx (gamma/beta from k_norm_affine).
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_idx_layernorm"):
            s2_k_tile__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.cast(k_idx__rv_v2, target_type=pl.FP32, mode='round')
            s2_mean__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.muls(s2_k_tile__ssa_v0, 0.0078125))
            s2_centered__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.row_expand_sub(s2_k_tile__ssa_v0, s2_mean__ssa_v0)
            s2_var__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.muls(pl.tensor.mul(s2_centered__ssa_v0, s2_centered__ssa_v0), 0.0078125))
            s2_var_eps__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.adds(s2_var__ssa_v0, 9.9999999999999995e-07)
            s2_std__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.sqrt(pl.tensor.reshape(s2_var_eps__ssa_v0, [1, 16])), [16, 1])
            s2_inv_std__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.recip(s2_std__ssa_v0)
            s2_normed__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.row_expand_mul(s2_centered__ssa_v0, s2_inv_std__ssa_v0)
            s2_scaled__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.col_expand_mul(s2_normed__ssa_v0, k_norm_weight__ssa_v0)
            s2_ones__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.adds(pl.tensor.sub(s2_k_tile__ssa_v0, s2_k_tile__ssa_v0), 1.0)
            s2_k_normed__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.add(s2_scaled__ssa_v0, pl.tensor.col_expand_mul(s2_ones__ssa_v0, k_norm_bias__ssa_v0))
            k_idx__ssa_v4: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.cast(s2_k_normed__ssa_v0, target_type=pl.BF16, mode='round')
        # Stage 2.4: Apply RoPE on rope dimensions of q_idx_full and k_idx.
        for b__idx_v0_2, (k_idx__iter_v5, q_idx_full__iter_v4) in pl.parallel(16, init_values=(k_idx__ssa_v4, q_idx_full__rv_v2)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_idx_rope"):
                pos__ssa_v2: pl.Scalar[pl.INDEX] = pl.cast(pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0_2]), pl.INDEX) - 1
                cos_lo__ssa_v2: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos__ssa_v0, [1, 32], [pos__ssa_v2, 0])
                cos_hi__ssa_v2: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_cos__ssa_v0, [1, 32], [pos__ssa_v2, 32])
                sin_lo__ssa_v2: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin__ssa_v0, [1, 32], [pos__ssa_v2, 0])
                sin_hi__ssa_v2: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.slice(rope_sin__ssa_v0, [1, 32], [pos__ssa_v2, 32])
                for q_col__idx_v0_1, (q_idx_full__iter_v6,) in pl.range(0, 8192, 128, init_values=(q_idx_full__iter_v4,)):
                    s2_q_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_idx_full__iter_v6, [1, 32], [b__idx_v0_2, q_col__idx_v0_1]), target_type=pl.FP32, mode='round')
                    s2_q_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_idx_full__iter_v6, [1, 32], [b__idx_v0_2, q_col__idx_v0_1 + 32]), target_type=pl.FP32, mode='round')
                    s2_q_rot_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(s2_q_lo__ssa_v0, cos_lo__ssa_v2), pl.tensor.col_expand_mul(s2_q_hi__ssa_v0, sin_lo__ssa_v2))
                    s2_q_rot_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(s2_q_hi__ssa_v0, cos_hi__ssa_v2), pl.tensor.col_expand_mul(s2_q_lo__ssa_v0, sin_hi__ssa_v2))
                    q_idx_full__ssa_v8: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.assemble(q_idx_full__iter_v6, pl.tensor.cast(s2_q_rot_lo__ssa_v0, target_type=pl.BF16, mode='round'), [b__idx_v0_2, q_col__idx_v0_1])
                    q_idx_full__ssa_v9: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.assemble(q_idx_full__ssa_v8, pl.tensor.cast(s2_q_rot_hi__ssa_v0, target_type=pl.BF16, mode='round'), [b__idx_v0_2, q_col__idx_v0_1 + 32])
                    q_idx_full__rv_v7: pl.Tensor[[16, 8192], pl.BF16] = pl.yield_(q_idx_full__ssa_v9)
                s2_k_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(k_idx__iter_v5, [1, 32], [b__idx_v0_2, 0]), target_type=pl.FP32, mode='round')
                s2_k_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.cast(pl.tensor.slice(k_idx__iter_v5, [1, 32], [b__idx_v0_2, 32]), target_type=pl.FP32, mode='round')
                s2_k_rot_lo__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(s2_k_lo__ssa_v0, cos_lo__ssa_v2), pl.tensor.col_expand_mul(s2_k_hi__ssa_v0, sin_lo__ssa_v2))
                s2_k_rot_hi__ssa_v0: pl.Tensor[[1, 32], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(s2_k_hi__ssa_v0, cos_hi__ssa_v2), pl.tensor.col_expand_mul(s2_k_lo__ssa_v0, sin_hi__ssa_v2))
                k_idx__ssa_v7: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(k_idx__iter_v5, pl.tensor.cast(s2_k_rot_lo__ssa_v0, target_type=pl.BF16, mode='round'), [b__idx_v0_2, 0])
                k_idx__ssa_v8: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(k_idx__ssa_v7, pl.tensor.cast(s2_k_rot_hi__ssa_v0, target_type=pl.BF16, mode='round'), [b__idx_v0_2, 32])
            k_idx__rv_v6, q_idx_full__rv_v5 = pl.yield_(k_idx__ssa_v8, q_idx_full__rv_v7)
        # Stage 2.5: Apply Hadamard transform (full matrix multiplication).
        # Keep matmul and vector writeback in separate scopes on a2a3 to avoid
        # generating mixed AIC/AIV kernels with zero-work vector lanes.
        for h__idx_v0, (q_idx_full__iter_v10,) in pl.parallel(64, init_values=(q_idx_full__rv_v5,)):
            h_offset__ssa_v0: pl.Scalar[pl.INDEX] = h__idx_v0 * 128
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_hadamard_matmul"):
                q_tile__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(q_idx_full__iter_v10, [16, 128], [0, h_offset__ssa_v0])
                q_h_tile__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(q_tile__ssa_v0, hadamard_q__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_hadamard_write"):
                q_idx_full__ssa_v12: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.assemble(q_idx_full__iter_v10, pl.tensor.cast(q_h_tile__ssa_v0, target_type=pl.BF16, mode='round'), [0, h_offset__ssa_v0])
            q_idx_full__rv_v11: pl.Tensor[[16, 8192], pl.BF16] = pl.yield_(q_idx_full__ssa_v12)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_hadamard_matmul"):
            k_h_tile__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(k_idx__rv_v6, hadamard_k__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_hadamard_write"):
            k_idx__ssa_v9: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(k_idx__rv_v6, pl.tensor.cast(k_h_tile__ssa_v0, target_type=pl.BF16, mode='round'), [0, 0])
        # Stage 2.6: weights = weights_proj(hidden_states) * n_heads^-0.5 * head_dim^-0.5.
        weights_proj_bf16__ssa_v0: pl.Tensor[[7168, 64], pl.BF16] = pl.tensor.create([7168, 64], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_weights_proj_bf16"):
            for k0__idx_v0_9, (weights_proj_bf16__iter_v1,) in pl.range(0, 7168, 128, init_values=(weights_proj_bf16__ssa_v0,)):
                wp_tile__ssa_v0: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.cast(pl.tensor.slice(weights_proj__ssa_v0, [128, 64], [k0__idx_v0_9, 0]), target_type=pl.BF16, mode='round')
                weights_proj_bf16__ssa_v3: pl.Tensor[[7168, 64], pl.BF16] = pl.tensor.assemble(weights_proj_bf16__iter_v1, wp_tile__ssa_v0, [k0__idx_v0_9, 0])
                weights_proj_bf16__rv_v2: pl.Tensor[[7168, 64], pl.BF16] = pl.yield_(weights_proj_bf16__ssa_v3)
        weights__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for w0__idx_v0, (weights__iter_v1,) in pl.parallel(0, 64, 16, init_values=(weights__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_weights_matmul"):
                s2_x_init__ssa_v1: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(hidden_states__ssa_v0, [16, 128], [0, 0])
                wp_init__ssa_v0: pl.Tensor[[128, 16], pl.BF16] = pl.tensor.slice(weights_proj_bf16__rv_v2, [128, 16], [0, w0__idx_v0])
                s2_w_acc__ssa_v0: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.matmul(s2_x_init__ssa_v1, wp_init__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for k0__idx_v0_10, (s2_w_acc__iter_v1,) in pl.range(128, 7168, 128, init_values=(s2_w_acc__ssa_v0,)):
                    s2_x_chunk__ssa_v1: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(hidden_states__ssa_v0, [16, 128], [0, k0__idx_v0_10])
                    wp_chunk__ssa_v0: pl.Tensor[[128, 16], pl.BF16] = pl.tensor.slice(weights_proj_bf16__rv_v2, [128, 16], [k0__idx_v0_10, w0__idx_v0])
                    s2_w_acc__ssa_v3: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.matmul_acc(s2_w_acc__iter_v1, s2_x_chunk__ssa_v1, wp_chunk__ssa_v0, a_trans=False, b_trans=False)
                    s2_w_acc__rv_v2: pl.Tensor[[16, 16], pl.FP32] = pl.yield_(s2_w_acc__ssa_v3)
                weights__ssa_v3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.assemble(weights__iter_v1, s2_w_acc__rv_v2, [0, w0__idx_v0])
            weights__rv_v2: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(weights__ssa_v3)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_weights_scale"):
            weights__ssa_v4: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.muls(weights__rv_v2, 0.011048543456039806)
        # Stage 2.7: Write current-token k_idx into BF16 cache form.
        for b__idx_v0_3, (k_cache_idx__iter_v1,) in pl.parallel(16, init_values=(k_cache_idx__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_k_idx_cache_write"):
                pos__ssa_v3: pl.Scalar[pl.INDEX] = pl.cast(pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0_3]), pl.INDEX) - 1
                cache_row__ssa_v1: pl.Scalar[pl.INDEX] = b__idx_v0_3 * 4096 + pos__ssa_v3
                k_cache_idx__ssa_v3: pl.Tensor[[65536, 128], pl.BF16] = pl.tensor.assemble(k_cache_idx__iter_v1, pl.tensor.slice(k_idx__ssa_v9, [1, 128], [b__idx_v0_3, 0]), [cache_row__ssa_v1, 0])
            k_cache_idx__rv_v2: pl.Tensor[[65536, 128], pl.BF16] = pl.yield_(k_cache_idx__ssa_v3)
        # Stage 2.8: Reduce q_idx_full across heads with weights to get q_idx_out.
        q_idx_out__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.create([16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        weights_flat__ssa_v0: pl.Tensor[[1024], pl.FP32] = pl.tensor.reshape(weights__ssa_v4, [1024])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s2_q_reduce"):
            for d0__idx_v0, (q_idx_out__iter_v1,) in pl.parallel(0, 128, 64, init_values=(q_idx_out__ssa_v0,)):
                for b__idx_v0_4, (q_idx_out__iter_v3,) in pl.range(16, init_values=(q_idx_out__iter_v1,)):
                    s2_acc_b__ssa_v0: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.full([1, 64], dtype=pl.FP32, value=0.0)
                    for h__idx_v0_1, (s2_acc_b__iter_v1,) in pl.range(64, init_values=(s2_acc_b__ssa_v0,)):
                        s2_q_h_b__ssa_v0: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_idx_full__rv_v11, [1, 64], [b__idx_v0_4, h__idx_v0_1 * 128 + d0__idx_v0]), target_type=pl.FP32, mode='round')
                        s2_w_h_b__ssa_v0: pl.Scalar[pl.FP32] = pl.tensor.read(weights_flat__ssa_v0, [b__idx_v0_4 * 64 + h__idx_v0_1])
                        s2_acc_b__ssa_v3: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.add(s2_acc_b__iter_v1, pl.tensor.muls(s2_q_h_b__ssa_v0, s2_w_h_b__ssa_v0))
                        s2_acc_b__rv_v2: pl.Tensor[[1, 64], pl.FP32] = pl.yield_(s2_acc_b__ssa_v3)
                    q_idx_out__ssa_v5: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.assemble(q_idx_out__iter_v3, pl.tensor.cast(s2_acc_b__rv_v2, target_type=pl.BF16, mode='round'), [b__idx_v0_4, d0__idx_v0])
                    q_idx_out__rv_v4: pl.Tensor[[16, 128], pl.BF16] = pl.yield_(q_idx_out__ssa_v5)
                q_idx_out__rv_v2: pl.Tensor[[16, 128], pl.BF16] = pl.yield_(q_idx_out__rv_v4)
        # ===== scope3: index score + topk =====
        # Inputs: q_idx_out, k_cache_idx
        # Internal bridge:
        # - topk_idx: top-k positions per batch for scope4
        # 
        # Scope123's INT8 path computes quantized per-head scores and topk values.
        # Scope1234 keeps the exact BF16 `q_idx_out x k_cache_idx` score path so the
        # topk indices stay aligned with the exported BF16 cache contract.
        topk_idx__ssa_v0: pl.Tensor[[16, 2048], pl.INT32] = pl.tensor.create([16, 2048], dtype=pl.INT32, layout=pl.TensorLayout.ND)
        scores__ssa_v0: pl.Tensor[[16, 8192], pl.FP32] = pl.tensor.create([16, 8192], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        s3_q_padded__ssa_v0: pl.Tensor[[256, 128], pl.BF16] = pl.tensor.create([256, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for b__idx_v0_5, (s3_q_padded__iter_v1, scores__iter_v1, topk_idx__iter_v1) in pl.parallel(16, init_values=(s3_q_padded__ssa_v0, scores__ssa_v0, topk_idx__ssa_v0)):
            s3_score_tiles__ssa_v0: pl.Tensor[[1024, 64], pl.FP32] = pl.tensor.create([1024, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            # Stage 3.0: Pad q_idx_out and pre-fill scores.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_init"):
                s3_q_row__ssa_v0: pl.Tensor[[1, 128], pl.BF16] = pl.tensor.slice(q_idx_out__rv_v2, [1, 128], [b__idx_v0_5, 0])
                s3_q_padded__ssa_v3: pl.Tensor[[256, 128], pl.BF16] = pl.tensor.assemble(s3_q_padded__iter_v1, s3_q_row__ssa_v0, [b__idx_v0_5 * 16, 0])
                s3_q_zero_pad__ssa_v0: pl.Tensor[[15, 128], pl.BF16] = pl.tensor.cast(pl.tensor.full([15, 128], dtype=pl.FP32, value=0.0), target_type=pl.BF16, mode='round')
                s3_q_padded__ssa_v4: pl.Tensor[[256, 128], pl.BF16] = pl.tensor.assemble(s3_q_padded__ssa_v3, s3_q_zero_pad__ssa_v0, [b__idx_v0_5 * 16 + 1, 0])
                s3_neg_inf_row__ssa_v0: pl.Tensor[[1, 8192], pl.FP32] = pl.tensor.full([1, 8192], dtype=pl.FP32, value=-3.4028234663852886e+38)
                scores__ssa_v3: pl.Tensor[[16, 8192], pl.FP32] = pl.tensor.assemble(scores__iter_v1, s3_neg_inf_row__ssa_v0, [b__idx_v0_5, 0])
            s3_ctx_len__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0_5])
            s3_ctx_blocks__ssa_v0: pl.Scalar[pl.INDEX] = (pl.cast(s3_ctx_len__ssa_v0, pl.INDEX) + 64 - 1) // 64
            # Stage 3.1: Compute tiled BF16 qk logits.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_score_tile"):
                for sb__idx_v0, (s3_score_tiles__iter_v1,) in pl.range(s3_ctx_blocks__ssa_v0, init_values=(s3_score_tiles__ssa_v0,)):
                    s0__ssa_v0: pl.Scalar[pl.INDEX] = sb__idx_v0 * 64
                    cache_row0__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0_5 * 4096 + s0__ssa_v0
                    s3_q_tile__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(s3_q_padded__ssa_v4, [16, 128], [b__idx_v0_5 * 16, 0])
                    s3_k_tile__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(k_cache_idx__rv_v2, [64, 128], [cache_row0__ssa_v0, 0])
                    s3_score_tile__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(s3_q_tile__ssa_v0, s3_k_tile__ssa_v0, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
                    s3_score_tiles__ssa_v3: pl.Tensor[[1024, 64], pl.FP32] = pl.tensor.assemble(s3_score_tiles__iter_v1, s3_score_tile__ssa_v0, [sb__idx_v0 * 16, 0])
                    s3_score_tiles__rv_v2: pl.Tensor[[1024, 64], pl.FP32] = pl.yield_(s3_score_tiles__ssa_v3)
            # Stage 3.2: Write valid score tiles into the global score row.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_score_write"):
                for sb__idx_v0_1, (scores__iter_v4,) in pl.range(s3_ctx_blocks__ssa_v0, init_values=(scores__ssa_v3,)):
                    s0__ssa_v1: pl.Scalar[pl.INDEX] = sb__idx_v0_1 * 64
                    s3_valid_len__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(64, pl.cast(s3_ctx_len__ssa_v0, pl.INDEX) - s0__ssa_v1)
                    score_row0__ssa_v0: pl.Scalar[pl.INDEX] = sb__idx_v0_1 * 16
                    s3_score_valid__ssa_v0: pl.Tensor[[1, 64], pl.FP32, pl.TensorView(valid_shape=[1, s3_valid_len__ssa_v0], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.slice(s3_score_tiles__rv_v2, [1, 64], [score_row0__ssa_v0, 0], [1, s3_valid_len__ssa_v0])
                    scores__ssa_v6: pl.Tensor[[16, 8192], pl.FP32] = pl.tensor.assemble(scores__iter_v4, s3_score_valid__ssa_v0, [b__idx_v0_5, s0__ssa_v1])
                    scores__rv_v5: pl.Tensor[[16, 8192], pl.FP32] = pl.yield_(scores__ssa_v6)
            s3_sorted_gm__ssa_v0: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.create([1, 16384], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            # Stage 3.3: Run sort32 + mrgsort.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_sort"):
                s3_score_row__ssa_v0: pl.Tensor[[1, 8192], pl.FP32] = pl.tensor.slice(scores__rv_v5, [1, 8192], [b__idx_v0_5, 0])
                idx_init__ssa_v0: pl.Tensor[[1, 8192], pl.UINT32] = pl.tensor.ci(pl.const(0, pl.UINT32), [1, 8192], dtype=pl.UINT32, descending=False)
                s3_sorted_t__ssa_v0: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.sort32(s3_score_row__ssa_v0, idx_init__ssa_v0)
                s3_sorted_t__ssa_v1: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.mrgsort_format1(s3_sorted_t__ssa_v0, pl.const(64, pl.INT32))
                s3_sorted_t__ssa_v2: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.mrgsort_format1(s3_sorted_t__ssa_v1, pl.const(256, pl.INT32))
                s3_sorted_t__ssa_v3: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.mrgsort_format1(s3_sorted_t__ssa_v2, pl.const(1024, pl.INT32))
                s3_sorted_t__ssa_v4: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.mrgsort_format1(s3_sorted_t__ssa_v3, pl.const(4096, pl.INT32))
                s3_sorted_gm__ssa_v1: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.assemble(s3_sorted_gm__ssa_v0, s3_sorted_t__ssa_v4, [0, 0])
            # Stage 3.4: Split top-k values and raw indices, then pad invalid tail slots.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s3_topk_extract"):
                s3_topk_pairs__ssa_v0: pl.Tensor[[1, 4096], pl.FP32] = pl.tensor.slice(s3_sorted_gm__ssa_v1, [1, 4096], [0, 0])
                s3_topk_i_raw__ssa_v0: pl.Tensor[[1, 2048], pl.INT32] = pl.tensor.gather_mask(s3_topk_pairs__ssa_v0, mask_pattern=2, output_dtype=pl.INT32)
                s3_valid_topk__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(2048, pl.cast(s3_ctx_len__ssa_v0, pl.INDEX))
                s3_idx_valid__ssa_v0: pl.Tensor[[1, 2048], pl.INT32, pl.TensorView(valid_shape=[1, s3_valid_topk__ssa_v0], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.slice(s3_topk_i_raw__ssa_v0, [1, 2048], [0, 0], [1, s3_valid_topk__ssa_v0])
                s3_idx_padded__ssa_v0: pl.Tensor[[1, 2048], pl.INT32] = pl.tensor.fillpad(s3_idx_valid__ssa_v0, pad_value=pl.PadValue.min)
                topk_idx__ssa_v3: pl.Tensor[[16, 2048], pl.INT32] = pl.tensor.assemble(topk_idx__iter_v1, s3_idx_padded__ssa_v0, [b__idx_v0_5, 0])
            s3_q_padded__rv_v2, scores__rv_v2, topk_idx__rv_v2 = pl.yield_(s3_q_padded__ssa_v4, scores__rv_v5, topk_idx__ssa_v3)
        # ===== scope4: sparse attention with online softmax + latent-to-V projection =====
        # Inputs: q_proj, kv_cache, pe_cache, topk_idx
        # Output: dispatch_buf (cross-node dispatch buffer)
        attn_front__ssa_v0: pl.Tensor[[16, 16384], pl.BF16] = pl.tensor.create([16, 16384], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        topk_idx_flat__ssa_v0: pl.Tensor[[32768], pl.INT32] = pl.tensor.reshape(topk_idx__rv_v2, [32768])
        w_q_nope_to_latent_2d__ssa_v0: pl.Tensor[[16384, 512], pl.BF16] = pl.tensor.reshape(w_q_nope_to_latent__ssa_v0, [16384, 512])
        w_latent_to_v_2d__ssa_v0: pl.Tensor[[65536, 128], pl.BF16] = pl.tensor.reshape(w_latent_to_v__ssa_v0, [65536, 128])
        for b__idx_v0_6, (attn_front__iter_v1,) in pl.parallel(16, init_values=(attn_front__ssa_v0,)):
            attn_row__ssa_v0: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.create([1, 16384], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            sparse_k__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(2048, pl.cast(pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0_6]), pl.INDEX))
            topk_base__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0_6 * 2048
            for h__idx_v0_2, (attn_row__iter_v1,) in pl.parallel(128, init_values=(attn_row__ssa_v0,)):
                q_col__ssa_v1: pl.Scalar[pl.INDEX] = h__idx_v0_2 * 192
                v_col__ssa_v0: pl.Scalar[pl.INDEX] = h__idx_v0_2 * 128
                # Stage 4.1: Load q_pe and project q_nope into latent space.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_q_pe_load"):
                    q_pe__ssa_v0: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.cast(pl.tensor.slice(q_proj__rv_v5, [1, 64], [b__idx_v0_6, q_col__ssa_v1 + 128]), target_type=pl.FP32, mode='round')
                    q_pe_batch__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0), q_pe__ssa_v0)
                    q_nope_padded__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.cast(pl.tensor.full([16, 128], dtype=pl.FP32, value=0.0), target_type=pl.BF16, mode='round')
                    q_nope_padded__ssa_v1: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.col_expand(q_nope_padded__ssa_v0, pl.tensor.slice(q_proj__rv_v5, [1, 128], [b__idx_v0_6, q_col__ssa_v1]))
                    q_nope_latent_batch__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.full([16, 512], dtype=pl.FP32, value=0.0)
                # Stage 4.2: Project q_nope to latent space chunk-by-chunk.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_q_nope_latent_proj"):
                    q_w_row__ssa_v0: pl.Scalar[pl.INDEX] = h__idx_v0_2 * 128
                    for q0__idx_v0_3, (q_nope_latent_batch__iter_v1,) in pl.range(0, 512, 128, init_values=(q_nope_latent_batch__ssa_v0,)):
                        w_qn_h_chunk__ssa_v0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_q_nope_to_latent_2d__ssa_v0, [128, 128], [q_w_row__ssa_v0, q0__idx_v0_3])
                        q_nope_latent_part__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.matmul(q_nope_padded__ssa_v1, w_qn_h_chunk__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        q_nope_latent_batch__ssa_v3: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.assemble(q_nope_latent_batch__iter_v1, q_nope_latent_part__ssa_v0, [0, q0__idx_v0_3])
                        q_nope_latent_batch__rv_v2: pl.Tensor[[16, 512], pl.FP32] = pl.yield_(q_nope_latent_batch__ssa_v3)
                # Stage 4.3-4.5: Online softmax over the sparse top-k set.
                # 
                # Keep the dynamic kk loop inside one device task. Emitting
                # one runtime task per top-k element creates hundreds of
                # thousands of tiny dependent tasks for this standalone
                # profile and can leave the a2a3 scheduler stuck waiting.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_softmax"):
                    topk_pos0__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(topk_idx_flat__ssa_v0, [topk_base__ssa_v0])
                    cache_s0__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0_6 * 4096 + pl.cast(topk_pos0__ssa_v0, pl.INDEX)
                    kv_s0__ssa_v0: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_cache__rv_v2, [1, 512], [cache_s0__ssa_v0, 0]), target_type=pl.FP32, mode='round')
                    pe_s0__ssa_v0: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.cast(pl.tensor.slice(pe_cache__rv_v2, [1, 64], [cache_s0__ssa_v0, 0]), target_type=pl.FP32, mode='round')
                    oi__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 512], dtype=pl.FP32, value=0.0), kv_s0__ssa_v0)
                    pe_batch0__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0), pe_s0__ssa_v0)
                    score_nope0__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.mul(q_nope_latent_batch__rv_v2, oi__ssa_v0))
                    score_pe0__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.mul(q_pe_batch__ssa_v0, pe_batch0__ssa_v0))
                    mi__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.muls(pl.tensor.add(score_nope0__ssa_v0, score_pe0__ssa_v0), 0.07216878364870323)
                    li__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(mi__ssa_v0, mi__ssa_v0))
                    for kk__idx_v0, (li__iter_v1, mi__iter_v1, oi__iter_v1) in pl.range(1, sparse_k__ssa_v0, init_values=(li__ssa_v0, mi__ssa_v0, oi__ssa_v0)):
                        topk_pos__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(topk_idx_flat__ssa_v0, [topk_base__ssa_v0 + kk__idx_v0])
                        cache_s__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0_6 * 4096 + pl.cast(topk_pos__ssa_v0, pl.INDEX)
                        kv_s__ssa_v0: pl.Tensor[[1, 512], pl.FP32] = pl.tensor.cast(pl.tensor.slice(kv_cache__rv_v2, [1, 512], [cache_s__ssa_v0, 0]), target_type=pl.FP32, mode='round')
                        pe_s__ssa_v0: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.cast(pl.tensor.slice(pe_cache__rv_v2, [1, 64], [cache_s__ssa_v0, 0]), target_type=pl.FP32, mode='round')
                        kv_batch__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 512], dtype=pl.FP32, value=0.0), kv_s__ssa_v0)
                        pe_batch__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.col_expand(pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0), pe_s__ssa_v0)
                        score_nope__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.mul(q_nope_latent_batch__rv_v2, kv_batch__ssa_v0))
                        score_pe__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(pl.tensor.mul(q_pe_batch__ssa_v0, pe_batch__ssa_v0))
                        cur_mi__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.muls(pl.tensor.add(score_nope__ssa_v0, score_pe__ssa_v0), 0.07216878364870323)
                        mi_new__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.maximum(mi__iter_v1, cur_mi__ssa_v0)
                        alpha__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(mi__iter_v1, mi_new__ssa_v0))
                        beta__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(cur_mi__ssa_v0, mi_new__ssa_v0))
                        li__ssa_v3: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.add(pl.tensor.mul(alpha__ssa_v0, li__iter_v1), beta__ssa_v0)
                        oi__ssa_v3: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.add(pl.tensor.row_expand_mul(oi__iter_v1, alpha__ssa_v0), pl.tensor.row_expand_mul(kv_batch__ssa_v0, beta__ssa_v0))
                        mi__ssa_v3: pl.Tensor[[16, 1], pl.FP32] = mi_new__ssa_v0
                        li__rv_v2, mi__rv_v2, oi__rv_v2 = pl.yield_(li__ssa_v3, mi__ssa_v3, oi__ssa_v3)
                    ctx_latent_batch__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.row_expand_div(oi__rv_v2, li__rv_v2)
                # Stage 4.6: Project latent context back to V chunks.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_latent_cast"):
                    ctx_latent_bf16_batch__ssa_v0: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.cast(ctx_latent_batch__ssa_v0, target_type=pl.BF16, mode='round')
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_v_proj"):
                    ctx_v_batch__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.full([16, 128], dtype=pl.FP32, value=0.0)
                    v_w_row__ssa_v0: pl.Scalar[pl.INDEX] = h__idx_v0_2 * 512
                    for v0__idx_v0, (ctx_v_batch__iter_v1,) in pl.range(0, 128, 32, init_values=(ctx_v_batch__ssa_v0,)):
                        wv_tile_chunk__ssa_v0: pl.Tensor[[512, 32], pl.BF16] = pl.tensor.slice(w_latent_to_v_2d__ssa_v0, [512, 32], [v_w_row__ssa_v0, v0__idx_v0])
                        v_part_batch__ssa_v0: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.matmul(ctx_latent_bf16_batch__ssa_v0, wv_tile_chunk__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        ctx_v_batch__ssa_v3: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.assemble(ctx_v_batch__iter_v1, v_part_batch__ssa_v0, [0, v0__idx_v0])
                        ctx_v_batch__rv_v2: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(ctx_v_batch__ssa_v3)
                # Stage 4.7: Extract the leading V row and assemble it into attn_row.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_v_assemble"):
                    ctx_v__ssa_v0: pl.Tensor[[1, 128], pl.FP32] = pl.tensor.slice(ctx_v_batch__rv_v2, [1, 128], [0, 0])
                    attn_row__ssa_v3: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.assemble(attn_row__iter_v1, ctx_v__ssa_v0, [0, v_col__ssa_v0])
                attn_row__rv_v2: pl.Tensor[[1, 16384], pl.FP32] = pl.yield_(attn_row__ssa_v3)
            # Stage 4.8: Cast and stash the finished attention row for this batch.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_attn_row_write"):
                attn_front__ssa_v3: pl.Tensor[[16, 16384], pl.BF16] = pl.tensor.assemble(attn_front__iter_v1, pl.tensor.cast(attn_row__rv_v2, target_type=pl.BF16, mode='round'), [b__idx_v0_6, 0])
            attn_front__rv_v2: pl.Tensor[[16, 16384], pl.BF16] = pl.yield_(attn_front__ssa_v3)
        # Stage 4.9: Route finished attention rows into the cross-node dispatch buffer.
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="s4_dispatch"):
            layer_id__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(layer_id_t__ssa_v0, [0])
            for b__idx_v0_7, (dispatch_buf__iter_v1,) in pl.parallel(16, init_values=(dispatch_buf__ssa_v0,)):
                target_node__ssa_v0: pl.Scalar[pl.INDEX] = (b__idx_v0_7 + pl.cast(layer_id__ssa_v0, pl.INDEX)) % 128
                token_row__ssa_v0: pl.Tensor[[1, 16384], pl.BF16] = pl.tensor.slice(attn_front__rv_v2, [1, 16384], [b__idx_v0_7, 0])
                dispatch_buf__ssa_v3: pl.Tensor[[128, 16, 16384], pl.BF16] = pl.tensor.assemble(dispatch_buf__iter_v1, token_row__ssa_v0, [target_node__ssa_v0, b__idx_v0_7, 0])
                dispatch_buf__rv_v2: pl.Tensor[[128, 16, 16384], pl.BF16] = pl.yield_(dispatch_buf__ssa_v3)
        return dispatch_buf__rv_v2
