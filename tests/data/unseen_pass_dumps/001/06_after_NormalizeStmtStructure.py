# pypto.program: Qwen3Decode
import pypto.language as pl

@pl.program
class Qwen3Decode:
    @pl.function
    def qwen3_decode(self, hidden_states__ssa_v0: pl.Tensor[[64, 1, 16, 128], pl.BF16], input_rms_weight__ssa_v0: pl.Tensor[[64, 1, 1, 128], pl.FP32], wq__ssa_v0: pl.Tensor[[64, 32, 128, 256], pl.BF16], wk__ssa_v0: pl.Tensor[[64, 4, 128, 256], pl.BF16], wv__ssa_v0: pl.Tensor[[64, 4, 128, 256], pl.BF16], seq_lens__ssa_v0: pl.Tensor[[16, 1, 1, 1], pl.INT32], rope_cos__ssa_v0: pl.Tensor[[4096, 1, 1, 128], pl.FP32], rope_sin__ssa_v0: pl.Tensor[[4096, 1, 1, 128], pl.FP32], k_cache__ssa_v0: pl.Tensor[[128, 16, 256, 128], pl.BF16], v_cache__ssa_v0: pl.Tensor[[128, 16, 256, 128], pl.BF16], wo__ssa_v0: pl.Tensor[[64, 16, 128, 512], pl.BF16], post_rms_weight__ssa_v0: pl.Tensor[[64, 1, 1, 128], pl.FP32], w_gate__ssa_v0: pl.Tensor[[64, 100, 128, 256], pl.BF16], w_up__ssa_v0: pl.Tensor[[64, 100, 128, 256], pl.BF16], w_down__ssa_v0: pl.Tensor[[400, 16, 64, 512], pl.BF16], out__ssa_v0: pl.Out[pl.Tensor[[16, 1, 16, 512], pl.BF16]]) -> pl.Tensor[[16, 1, 16, 512], pl.BF16]:
        q_proj__ssa_v0: pl.Tensor[[32, 1, 16, 256], pl.FP32] = pl.tensor.create([32, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        k_proj__ssa_v0: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.create([4, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        v_proj__ssa_v0: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.create([4, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        # ── Scope 1: input RMSNorm + Q/K/V projection ──
        normed_states__ssa_v0: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.create([64, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="rmsnorm"):
            partial_sq__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
            for kb__idx_v0, (partial_sq__iter_v1,) in pl.pipeline(64, stage=4, init_values=(partial_sq__ssa_v0,)):
                x_chunk__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states__ssa_v0, [1, 1, 16, 128], [kb__idx_v0, 0, 0, 0]), target_type=pl.FP32, mode='round')
                sq_chunk__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(x_chunk__ssa_v0, x_chunk__ssa_v0)), [1, 16])
                partial_sq__ssa_v3: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(partial_sq__iter_v1, sq_chunk__ssa_v0)
                partial_sq__rv_v2: pl.Tensor[[1, 16], pl.FP32] = pl.yield_(partial_sq__ssa_v3)
            inv_rms__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(pl.tensor.adds(pl.tensor.muls(partial_sq__rv_v2, 0.0001220703125), 9.9999999999999995e-07)))
            inv_rms_col__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(inv_rms__ssa_v0, [16, 1])
            for kb__idx_v0_1, (normed_states__iter_v1,) in pl.pipeline(64, stage=4, init_values=(normed_states__ssa_v0,)):
                x_chunk__ssa_v1: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states__ssa_v0, [1, 1, 16, 128], [kb__idx_v0_1, 0, 0, 0]), target_type=pl.FP32, mode='round')
                gamma__ssa_v0: pl.Tensor[[1, 1, 1, 128], pl.FP32] = pl.tensor.slice(input_rms_weight__ssa_v0, [1, 1, 1, 128], [kb__idx_v0_1, 0, 0, 0])
                normed__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(x_chunk__ssa_v1, inv_rms_col__ssa_v0), gamma__ssa_v0)
                normed_states__ssa_v3: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.assemble(normed_states__iter_v1, pl.tensor.cast(normed__ssa_v0, target_type=pl.BF16, mode='round'), [kb__idx_v0_1, 0, 0, 0])
                normed_states__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.yield_(normed_states__ssa_v3)
        # Q projection.
        for qb__idx_v0, (q_proj__iter_v1,) in pl.parallel(32, init_values=(q_proj__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_proj"):
                tile_a0__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [1, 1, 16, 128], [0, 0, 0, 0])
                tile_b0__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wq__ssa_v0, [1, 1, 128, 256], [0, qb__idx_v0, 0, 0])
                q_acc__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(tile_a0__ssa_v0, tile_b0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb__idx_v0_2, (q_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(q_acc__ssa_v0,)):
                    tile_a_i__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [1, 1, 16, 128], [kb__idx_v0_2, 0, 0, 0])
                    tile_b_i__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wq__ssa_v0, [1, 1, 128, 256], [kb__idx_v0_2, qb__idx_v0, 0, 0])
                    q_acc__ssa_v3: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(q_acc__iter_v1, tile_a_i__ssa_v0, tile_b_i__ssa_v0, a_trans=False, b_trans=False)
                    q_acc__rv_v2: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.yield_(q_acc__ssa_v3)
                q_proj__ssa_v3: pl.Tensor[[32, 1, 16, 256], pl.FP32] = pl.tensor.assemble(q_proj__iter_v1, q_acc__rv_v2, [qb__idx_v0, 0, 0, 0])
            q_proj__rv_v2: pl.Tensor[[32, 1, 16, 256], pl.FP32] = pl.yield_(q_proj__ssa_v3)
        # K/V projection.
        for kvb__idx_v0, (k_proj__iter_v1, v_proj__iter_v1) in pl.parallel(4, init_values=(k_proj__ssa_v0, v_proj__ssa_v0)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="k_proj"):
                tile_a0__ssa_v1: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [1, 1, 16, 128], [0, 0, 0, 0])
                tile_wk0__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wk__ssa_v0, [1, 1, 128, 256], [0, kvb__idx_v0, 0, 0])
                k_acc__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(tile_a0__ssa_v1, tile_wk0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb__idx_v0_3, (k_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(k_acc__ssa_v0,)):
                    tile_a_i__ssa_v1: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [1, 1, 16, 128], [kb__idx_v0_3, 0, 0, 0])
                    tile_wk_i__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wk__ssa_v0, [1, 1, 128, 256], [kb__idx_v0_3, kvb__idx_v0, 0, 0])
                    k_acc__ssa_v3: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(k_acc__iter_v1, tile_a_i__ssa_v1, tile_wk_i__ssa_v0, a_trans=False, b_trans=False)
                    k_acc__rv_v2: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.yield_(k_acc__ssa_v3)
                k_proj__ssa_v3: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.assemble(k_proj__iter_v1, k_acc__rv_v2, [kvb__idx_v0, 0, 0, 0])
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="v_proj"):
                tile_a0__ssa_v2: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [1, 1, 16, 128], [0, 0, 0, 0])
                tile_wv0__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wv__ssa_v0, [1, 1, 128, 256], [0, kvb__idx_v0, 0, 0])
                v_acc__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(tile_a0__ssa_v2, tile_wv0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb__idx_v0_4, (v_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(v_acc__ssa_v0,)):
                    tile_a_i__ssa_v2: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states__rv_v2, [1, 1, 16, 128], [kb__idx_v0_4, 0, 0, 0])
                    tile_wv_i__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wv__ssa_v0, [1, 1, 128, 256], [kb__idx_v0_4, kvb__idx_v0, 0, 0])
                    v_acc__ssa_v3: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(v_acc__iter_v1, tile_a_i__ssa_v2, tile_wv_i__ssa_v0, a_trans=False, b_trans=False)
                    v_acc__rv_v2: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.yield_(v_acc__ssa_v3)
                v_proj__ssa_v3: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.assemble(v_proj__iter_v1, v_acc__rv_v2, [kvb__idx_v0, 0, 0, 0])
            k_proj__rv_v2, v_proj__rv_v2 = pl.yield_(k_proj__ssa_v3, v_proj__ssa_v3)
        # ── Scope 2: RoPE + KV cache update + grouped-query attention ──
        all_q_padded__ssa_v0: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tensor.create([128, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        attn_proj_tile__ssa_v0: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.create([64, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for b__idx_v0, (all_q_padded__iter_v1, attn_proj_tile__iter_v1, k_cache__iter_v1, v_cache__iter_v1) in pl.parallel(16, init_values=(all_q_padded__ssa_v0, attn_proj_tile__ssa_v0, k_cache__ssa_v0, v_cache__ssa_v0)):
            ctx_len__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0, 0, 0, 0])
            pos__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(ctx_len__ssa_v0, pl.INDEX) - 1
            ctx_blocks__ssa_v0: pl.Scalar[pl.INDEX] = (pl.cast(ctx_len__ssa_v0, pl.INDEX) + 255) // 256
            pos_block__ssa_v0: pl.Scalar[pl.INDEX] = pos__ssa_v0 // 256
            pos_offset__ssa_v0: pl.Scalar[pl.INDEX] = pos__ssa_v0 - pos_block__ssa_v0 * 256
            cos_lo__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(rope_cos__ssa_v0, [1, 1, 1, 64], [pos__ssa_v0, 0, 0, 0])
            cos_hi__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(rope_cos__ssa_v0, [1, 1, 1, 64], [pos__ssa_v0, 0, 0, 64])
            sin_lo__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(rope_sin__ssa_v0, [1, 1, 1, 64], [pos__ssa_v0, 0, 0, 0])
            sin_hi__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(rope_sin__ssa_v0, [1, 1, 1, 64], [pos__ssa_v0, 0, 0, 64])
            # Stage 1: K RoPE + cache update + V cache + Q RoPE + pad.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="rope_kv_cache"):
                for ki__idx_v0, (all_q_padded__iter_v3, k_cache__iter_v3, v_cache__iter_v3) in pl.range(8, init_values=(all_q_padded__iter_v1, k_cache__iter_v1, v_cache__iter_v1)):
                    kv_col__ssa_v0: pl.Scalar[pl.INDEX] = ki__idx_v0 * 128
                    kv_block__ssa_v0: pl.Scalar[pl.INDEX] = kv_col__ssa_v0 // 256
                    kv_offset__ssa_v0: pl.Scalar[pl.INDEX] = kv_col__ssa_v0 - kv_block__ssa_v0 * 256
                    cache_idx__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0 * 8 + ki__idx_v0
                    k_lo__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(k_proj__rv_v2, [1, 1, 1, 64], [kv_block__ssa_v0, 0, b__idx_v0, kv_offset__ssa_v0])
                    k_hi__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(k_proj__rv_v2, [1, 1, 1, 64], [kv_block__ssa_v0, 0, b__idx_v0, kv_offset__ssa_v0 + 64])
                    rot_lo__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(k_lo__ssa_v0, cos_lo__ssa_v0), pl.tensor.col_expand_mul(k_hi__ssa_v0, sin_lo__ssa_v0))
                    rot_hi__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(k_hi__ssa_v0, cos_hi__ssa_v0), pl.tensor.col_expand_mul(k_lo__ssa_v0, sin_hi__ssa_v0))
                    k_cache__ssa_v5: pl.Tensor[[128, 16, 256, 128], pl.BF16] = pl.tensor.assemble(k_cache__iter_v3, pl.tensor.cast(rot_lo__ssa_v0, target_type=pl.BF16, mode='round'), [cache_idx__ssa_v0, pos_block__ssa_v0, pos_offset__ssa_v0, 0])
                    k_cache__ssa_v6: pl.Tensor[[128, 16, 256, 128], pl.BF16] = pl.tensor.assemble(k_cache__ssa_v5, pl.tensor.cast(rot_hi__ssa_v0, target_type=pl.BF16, mode='round'), [cache_idx__ssa_v0, pos_block__ssa_v0, pos_offset__ssa_v0, 64])
                    v_row_bf16__ssa_v0: pl.Tensor[[1, 1, 1, 128], pl.BF16] = pl.tensor.cast(pl.tensor.slice(v_proj__rv_v2, [1, 1, 1, 128], [kv_block__ssa_v0, 0, b__idx_v0, kv_offset__ssa_v0]), target_type=pl.BF16, mode='round')
                    v_cache__ssa_v5: pl.Tensor[[128, 16, 256, 128], pl.BF16] = pl.tensor.assemble(v_cache__iter_v3, v_row_bf16__ssa_v0, [cache_idx__ssa_v0, pos_block__ssa_v0, pos_offset__ssa_v0, 0])
                    q_base__ssa_v0: pl.Scalar[pl.INDEX] = ki__idx_v0 * 8
                    q_pad_idx__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0 * 8 + ki__idx_v0
                    for qi__idx_v0, (all_q_padded__iter_v5,) in pl.range(8, init_values=(all_q_padded__iter_v3,)):
                        q_col__ssa_v0: pl.Scalar[pl.INDEX] = (q_base__ssa_v0 + qi__idx_v0) * 128
                        q_block__ssa_v0: pl.Scalar[pl.INDEX] = q_col__ssa_v0 // 256
                        q_offset__ssa_v0: pl.Scalar[pl.INDEX] = q_col__ssa_v0 - q_block__ssa_v0 * 256
                        q_lo__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(q_proj__rv_v2, [1, 1, 1, 64], [q_block__ssa_v0, 0, b__idx_v0, q_offset__ssa_v0])
                        q_hi__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(q_proj__rv_v2, [1, 1, 1, 64], [q_block__ssa_v0, 0, b__idx_v0, q_offset__ssa_v0 + 64])
                        q_rot_lo__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(q_lo__ssa_v0, cos_lo__ssa_v0), pl.tensor.col_expand_mul(q_hi__ssa_v0, sin_lo__ssa_v0))
                        q_rot_hi__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(q_hi__ssa_v0, cos_hi__ssa_v0), pl.tensor.col_expand_mul(q_lo__ssa_v0, sin_hi__ssa_v0))
                        all_q_padded__ssa_v7: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tensor.assemble(all_q_padded__iter_v5, pl.tensor.cast(q_rot_lo__ssa_v0, target_type=pl.BF16, mode='round'), [q_pad_idx__ssa_v0, 0, qi__idx_v0, 0])
                        all_q_padded__ssa_v8: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tensor.assemble(all_q_padded__ssa_v7, pl.tensor.cast(q_rot_hi__ssa_v0, target_type=pl.BF16, mode='round'), [q_pad_idx__ssa_v0, 0, qi__idx_v0, 64])
                        all_q_padded__rv_v6: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.yield_(all_q_padded__ssa_v8)
                    q_pad_zero__ssa_v0: pl.Tensor[[1, 1, 8, 128], pl.BF16] = pl.tensor.cast(pl.tensor.full([1, 1, 8, 128], dtype=pl.FP32, value=0.0), target_type=pl.BF16, mode='round')
                    all_q_padded__ssa_v9: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tensor.assemble(all_q_padded__rv_v6, q_pad_zero__ssa_v0, [q_pad_idx__ssa_v0, 0, 8, 0])
                    all_q_padded__rv_v4, k_cache__rv_v4, v_cache__rv_v4 = pl.yield_(all_q_padded__ssa_v9, k_cache__ssa_v6, v_cache__ssa_v5)
            for gi__idx_v0, (attn_proj_tile__iter_v3,) in pl.parallel(0, 8, 2, init_values=(attn_proj_tile__iter_v1,)):
                gi0__ssa_v0: pl.Scalar[pl.INDEX] = gi__idx_v0
                gi1__ssa_v0: pl.Scalar[pl.INDEX] = gi__idx_v0 + 1
                kvh0__ssa_v0: pl.Scalar[pl.INDEX] = gi0__ssa_v0
                qg0__ssa_v0: pl.Scalar[pl.INDEX] = gi0__ssa_v0 - kvh0__ssa_v0
                q_base0__ssa_v0: pl.Scalar[pl.INDEX] = (kvh0__ssa_v0 + qg0__ssa_v0) * 8
                q_padded0__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(all_q_padded__rv_v4, [1, 1, 16, 128], [b__idx_v0 * 8 + gi0__ssa_v0, 0, 0, 0])
                kvh1__ssa_v0: pl.Scalar[pl.INDEX] = gi1__ssa_v0
                qg1__ssa_v0: pl.Scalar[pl.INDEX] = gi1__ssa_v0 - kvh1__ssa_v0
                q_base1__ssa_v0: pl.Scalar[pl.INDEX] = (kvh1__ssa_v0 + qg1__ssa_v0) * 8
                q_padded1__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(all_q_padded__rv_v4, [1, 1, 16, 128], [b__idx_v0 * 8 + gi1__ssa_v0, 0, 0, 0])
                # Stage 2: QK matmul.
                all_raw_scores0__ssa_v0: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tensor.create([16, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_raw_scores1__ssa_v0: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tensor.create([16, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk_matmul"):
                    for sb__idx_v0, (all_raw_scores0__iter_v1, all_raw_scores1__iter_v1) in pl.range(ctx_blocks__ssa_v0, init_values=(all_raw_scores0__ssa_v0, all_raw_scores1__ssa_v0)):
                        k_tile_0__ssa_v0: pl.Tensor[[1, 1, 256, 128], pl.BF16] = pl.tensor.slice(k_cache__rv_v4, [1, 1, 256, 128], [b__idx_v0 * 8 + kvh0__ssa_v0, sb__idx_v0, 0, 0])
                        raw_scores_0__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(q_padded0__ssa_v0, k_tile_0__ssa_v0, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
                        all_raw_scores0__ssa_v3: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tensor.assemble(all_raw_scores0__iter_v1, raw_scores_0__ssa_v0, [sb__idx_v0, 0, 0, 0])
                        k_tile_1__ssa_v0: pl.Tensor[[1, 1, 256, 128], pl.BF16] = pl.tensor.slice(k_cache__rv_v4, [1, 1, 256, 128], [b__idx_v0 * 8 + kvh1__ssa_v0, sb__idx_v0, 0, 0])
                        raw_scores_1__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(q_padded1__ssa_v0, k_tile_1__ssa_v0, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
                        all_raw_scores1__ssa_v3: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tensor.assemble(all_raw_scores1__iter_v1, raw_scores_1__ssa_v0, [sb__idx_v0, 0, 0, 0])
                        all_raw_scores0__rv_v2, all_raw_scores1__rv_v2 = pl.yield_(all_raw_scores0__ssa_v3, all_raw_scores1__ssa_v3)
                # Stage 3: softmax.
                all_exp_padded0__ssa_v0: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.create([16, 1, 16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                all_cur_li0__ssa_v0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_cur_mi0__ssa_v0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_exp_padded1__ssa_v0: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.create([16, 1, 16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                all_cur_li1__ssa_v0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_cur_mi1__ssa_v0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="softmax"):
                    for sb__idx_v0_1, (all_cur_li0__iter_v1, all_cur_li1__iter_v1, all_cur_mi0__iter_v1, all_cur_mi1__iter_v1, all_exp_padded0__iter_v1, all_exp_padded1__iter_v1) in pl.range(ctx_blocks__ssa_v0, init_values=(all_cur_li0__ssa_v0, all_cur_li1__ssa_v0, all_cur_mi0__ssa_v0, all_cur_mi1__ssa_v0, all_exp_padded0__ssa_v0, all_exp_padded1__ssa_v0)):
                        s0__ssa_v0: pl.Scalar[pl.INDEX] = sb__idx_v0_1 * 256
                        valid_len__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(pl.cast(ctx_len__ssa_v0, pl.INDEX) - s0__ssa_v0, 256)
                        scores_valid_0__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32, pl.TensorView(valid_shape=[1, 1, 8, valid_len__ssa_v0], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.slice(all_raw_scores0__rv_v2, [1, 1, 8, 256], [sb__idx_v0_1, 0, 0, 0], [1, 1, 8, valid_len__ssa_v0])
                        scores_padded_0__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.fillpad(scores_valid_0__ssa_v0, pad_value=pl.PadValue.min)
                        scores_0__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.muls(scores_padded_0__ssa_v0, 0.088388347648318433)
                        cur_mi_0__ssa_v0: pl.Tensor[[1, 1, 8, 1], pl.FP32] = pl.tensor.row_max(scores_0__ssa_v0)
                        exp_scores_0__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.exp(pl.tensor.row_expand_sub(scores_0__ssa_v0, cur_mi_0__ssa_v0))
                        exp_scores_bf16_0__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.BF16] = pl.tensor.cast(exp_scores_0__ssa_v0, target_type=pl.BF16, mode='round')
                        exp_scores_fp32_0__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.cast(exp_scores_bf16_0__ssa_v0, target_type=pl.FP32, mode='round')
                        cur_li_0__ssa_v0: pl.Tensor[[1, 1, 8, 1], pl.FP32] = pl.tensor.row_sum(exp_scores_fp32_0__ssa_v0)
                        all_exp_padded0__ssa_v3: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.assemble(all_exp_padded0__iter_v1, exp_scores_bf16_0__ssa_v0, [sb__idx_v0_1, 0, 0, 0])
                        all_cur_mi0__ssa_v3: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(all_cur_mi0__iter_v1, pl.tensor.reshape(cur_mi_0__ssa_v0, [1, 8]), [sb__idx_v0_1, 0])
                        all_cur_li0__ssa_v3: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(all_cur_li0__iter_v1, pl.tensor.reshape(cur_li_0__ssa_v0, [1, 8]), [sb__idx_v0_1, 0])
                        scores_valid_1__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32, pl.TensorView(valid_shape=[1, 1, 8, valid_len__ssa_v0], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.slice(all_raw_scores1__rv_v2, [1, 1, 8, 256], [sb__idx_v0_1, 0, 0, 0], [1, 1, 8, valid_len__ssa_v0])
                        scores_padded_1__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.fillpad(scores_valid_1__ssa_v0, pad_value=pl.PadValue.min)
                        scores_1__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.muls(scores_padded_1__ssa_v0, 0.088388347648318433)
                        cur_mi_1__ssa_v0: pl.Tensor[[1, 1, 8, 1], pl.FP32] = pl.tensor.row_max(scores_1__ssa_v0)
                        exp_scores_1__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.exp(pl.tensor.row_expand_sub(scores_1__ssa_v0, cur_mi_1__ssa_v0))
                        exp_scores_bf16_1__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.BF16] = pl.tensor.cast(exp_scores_1__ssa_v0, target_type=pl.BF16, mode='round')
                        exp_scores_fp32_1__ssa_v0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.cast(exp_scores_bf16_1__ssa_v0, target_type=pl.FP32, mode='round')
                        cur_li_1__ssa_v0: pl.Tensor[[1, 1, 8, 1], pl.FP32] = pl.tensor.row_sum(exp_scores_fp32_1__ssa_v0)
                        all_exp_padded1__ssa_v3: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.assemble(all_exp_padded1__iter_v1, exp_scores_bf16_1__ssa_v0, [sb__idx_v0_1, 0, 0, 0])
                        all_cur_mi1__ssa_v3: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(all_cur_mi1__iter_v1, pl.tensor.reshape(cur_mi_1__ssa_v0, [1, 8]), [sb__idx_v0_1, 0])
                        all_cur_li1__ssa_v3: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(all_cur_li1__iter_v1, pl.tensor.reshape(cur_li_1__ssa_v0, [1, 8]), [sb__idx_v0_1, 0])
                        all_cur_li0__rv_v2, all_cur_li1__rv_v2, all_cur_mi0__rv_v2, all_cur_mi1__rv_v2, all_exp_padded0__rv_v2, all_exp_padded1__rv_v2 = pl.yield_(all_cur_li0__ssa_v3, all_cur_li1__ssa_v3, all_cur_mi0__ssa_v3, all_cur_mi1__ssa_v3, all_exp_padded0__ssa_v3, all_exp_padded1__ssa_v3)
                # Stage 4: SV matmul.
                all_oi_tmp0__ssa_v0: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.create([16, 1, 16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_oi_tmp1__ssa_v0: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.create([16, 1, 16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="sv_matmul"):
                    for sb__idx_v0_2, (all_oi_tmp0__iter_v1, all_oi_tmp1__iter_v1) in pl.range(ctx_blocks__ssa_v0, init_values=(all_oi_tmp0__ssa_v0, all_oi_tmp1__ssa_v0)):
                        exp_tile_0__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.BF16] = pl.tensor.slice(all_exp_padded0__rv_v2, [1, 1, 16, 256], [sb__idx_v0_2, 0, 0, 0])
                        v_tile_0__ssa_v0: pl.Tensor[[1, 1, 256, 128], pl.BF16] = pl.tensor.slice(v_cache__rv_v4, [1, 1, 256, 128], [b__idx_v0 * 8 + kvh0__ssa_v0, sb__idx_v0_2, 0, 0])
                        oi_tmp_0__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.matmul(exp_tile_0__ssa_v0, v_tile_0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        all_oi_tmp0__ssa_v3: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.assemble(all_oi_tmp0__iter_v1, oi_tmp_0__ssa_v0, [sb__idx_v0_2, 0, 0, 0])
                        exp_tile_1__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.BF16] = pl.tensor.slice(all_exp_padded1__rv_v2, [1, 1, 16, 256], [sb__idx_v0_2, 0, 0, 0])
                        v_tile_1__ssa_v0: pl.Tensor[[1, 1, 256, 128], pl.BF16] = pl.tensor.slice(v_cache__rv_v4, [1, 1, 256, 128], [b__idx_v0 * 8 + kvh1__ssa_v0, sb__idx_v0_2, 0, 0])
                        oi_tmp_1__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.matmul(exp_tile_1__ssa_v0, v_tile_1__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        all_oi_tmp1__ssa_v3: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.assemble(all_oi_tmp1__iter_v1, oi_tmp_1__ssa_v0, [sb__idx_v0_2, 0, 0, 0])
                        all_oi_tmp0__rv_v2, all_oi_tmp1__rv_v2 = pl.yield_(all_oi_tmp0__ssa_v3, all_oi_tmp1__ssa_v3)
                # Stage 5: online softmax accumulation and normalisation.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="online_softmax"):
                    oi_0__ssa_v0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_oi_tmp0__rv_v2, [1, 1, 8, 128], [0, 0, 0, 0]), [8, 128])
                    mi_0__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_mi0__rv_v2, [1, 8], [0, 0]), [8, 1])
                    li_0__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_li0__rv_v2, [1, 8], [0, 0]), [8, 1])
                    oi_1__ssa_v0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_oi_tmp1__rv_v2, [1, 1, 8, 128], [0, 0, 0, 0]), [8, 128])
                    mi_1__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_mi1__rv_v2, [1, 8], [0, 0]), [8, 1])
                    li_1__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_li1__rv_v2, [1, 8], [0, 0]), [8, 1])
                    for sb__idx_v0_3, (li_0__iter_v1, li_1__iter_v1, mi_0__iter_v1, mi_1__iter_v1, oi_0__iter_v1, oi_1__iter_v1) in pl.range(1, ctx_blocks__ssa_v0, init_values=(li_0__ssa_v0, li_1__ssa_v0, mi_0__ssa_v0, mi_1__ssa_v0, oi_0__ssa_v0, oi_1__ssa_v0)):
                        oi_tmp_valid_0__ssa_v0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_oi_tmp0__rv_v2, [1, 1, 8, 128], [sb__idx_v0_3, 0, 0, 0]), [8, 128])
                        cur_mi_os_0__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_mi0__rv_v2, [1, 8], [sb__idx_v0_3, 0]), [8, 1])
                        cur_li_os_0__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_li0__rv_v2, [1, 8], [sb__idx_v0_3, 0]), [8, 1])
                        mi_new_0__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.maximum(mi_0__iter_v1, cur_mi_os_0__ssa_v0)
                        alpha_0__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(mi_0__iter_v1, mi_new_0__ssa_v0))
                        beta_0__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(cur_mi_os_0__ssa_v0, mi_new_0__ssa_v0))
                        li_0__ssa_v3: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.add(pl.tensor.mul(alpha_0__ssa_v0, li_0__iter_v1), pl.tensor.mul(beta_0__ssa_v0, cur_li_os_0__ssa_v0))
                        oi_0__ssa_v3: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.add(pl.tensor.row_expand_mul(oi_0__iter_v1, alpha_0__ssa_v0), pl.tensor.row_expand_mul(oi_tmp_valid_0__ssa_v0, beta_0__ssa_v0))
                        mi_0__ssa_v3: pl.Tensor[[8, 1], pl.FP32] = mi_new_0__ssa_v0
                        oi_tmp_valid_1__ssa_v0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_oi_tmp1__rv_v2, [1, 1, 8, 128], [sb__idx_v0_3, 0, 0, 0]), [8, 128])
                        cur_mi_os_1__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_mi1__rv_v2, [1, 8], [sb__idx_v0_3, 0]), [8, 1])
                        cur_li_os_1__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_li1__rv_v2, [1, 8], [sb__idx_v0_3, 0]), [8, 1])
                        mi_new_1__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.maximum(mi_1__iter_v1, cur_mi_os_1__ssa_v0)
                        alpha_1__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(mi_1__iter_v1, mi_new_1__ssa_v0))
                        beta_1__ssa_v0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(cur_mi_os_1__ssa_v0, mi_new_1__ssa_v0))
                        li_1__ssa_v3: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.add(pl.tensor.mul(alpha_1__ssa_v0, li_1__iter_v1), pl.tensor.mul(beta_1__ssa_v0, cur_li_os_1__ssa_v0))
                        oi_1__ssa_v3: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.add(pl.tensor.row_expand_mul(oi_1__iter_v1, alpha_1__ssa_v0), pl.tensor.row_expand_mul(oi_tmp_valid_1__ssa_v0, beta_1__ssa_v0))
                        mi_1__ssa_v3: pl.Tensor[[8, 1], pl.FP32] = mi_new_1__ssa_v0
                        li_0__rv_v2, li_1__rv_v2, mi_0__rv_v2, mi_1__rv_v2, oi_0__rv_v2, oi_1__rv_v2 = pl.yield_(li_0__ssa_v3, li_1__ssa_v3, mi_0__ssa_v3, mi_1__ssa_v3, oi_0__ssa_v3, oi_1__ssa_v3)
                    ctx_0__ssa_v0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.row_expand_div(oi_0__rv_v2, li_0__rv_v2)
                    attn_proj_tile__ssa_v5: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.assemble(attn_proj_tile__iter_v3, pl.tensor.cast(ctx_0__ssa_v0, target_type=pl.BF16, mode='round'), [q_base0__ssa_v0, 0, b__idx_v0, 0])
                    ctx_1__ssa_v0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.row_expand_div(oi_1__rv_v2, li_1__rv_v2)
                    attn_proj_tile__ssa_v6: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.assemble(attn_proj_tile__ssa_v5, pl.tensor.cast(ctx_1__ssa_v0, target_type=pl.BF16, mode='round'), [q_base1__ssa_v0, 0, b__idx_v0, 0])
                attn_proj_tile__rv_v4: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.yield_(attn_proj_tile__ssa_v6)
            all_q_padded__rv_v2, attn_proj_tile__rv_v2, k_cache__rv_v2, v_cache__rv_v2 = pl.yield_(all_q_padded__rv_v4, attn_proj_tile__rv_v4, k_cache__rv_v4, v_cache__rv_v4)
        # ── Scope 3: output projection + residual + post RMSNorm + MLP + residual ──
        out_proj_tile__ssa_v0: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.create([16, 1, 16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        # Stage 1: Output projection.
        for oi__idx_v0, (out_proj_tile__iter_v1,) in pl.parallel(16, init_values=(out_proj_tile__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="out_proj"):
                a_chunk0__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(attn_proj_tile__rv_v2, [1, 1, 16, 128], [0, 0, 0, 0])
                w_chunk0_lo__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wo__ssa_v0, [1, 1, 128, 256], [0, oi__idx_v0, 0, 0])
                o_acc_lo__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(a_chunk0__ssa_v0, w_chunk0_lo__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                w_chunk0_hi__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wo__ssa_v0, [1, 1, 128, 256], [0, oi__idx_v0, 0, 256])
                o_acc_hi__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(a_chunk0__ssa_v0, w_chunk0_hi__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb__idx_v0_5, (o_acc_hi__iter_v1, o_acc_lo__iter_v1) in pl.pipeline(1, 64, stage=2, init_values=(o_acc_hi__ssa_v0, o_acc_lo__ssa_v0)):
                    a_chunk_i__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(attn_proj_tile__rv_v2, [1, 1, 16, 128], [kb__idx_v0_5, 0, 0, 0])
                    w_chunk_i_lo__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wo__ssa_v0, [1, 1, 128, 256], [kb__idx_v0_5, oi__idx_v0, 0, 0])
                    o_acc_lo__ssa_v3: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(o_acc_lo__iter_v1, a_chunk_i__ssa_v0, w_chunk_i_lo__ssa_v0, a_trans=False, b_trans=False)
                    w_chunk_i_hi__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wo__ssa_v0, [1, 1, 128, 256], [kb__idx_v0_5, oi__idx_v0, 0, 256])
                    o_acc_hi__ssa_v3: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(o_acc_hi__iter_v1, a_chunk_i__ssa_v0, w_chunk_i_hi__ssa_v0, a_trans=False, b_trans=False)
                    o_acc_hi__rv_v2, o_acc_lo__rv_v2 = pl.yield_(o_acc_hi__ssa_v3, o_acc_lo__ssa_v3)
                out_proj_tile__ssa_v3: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(out_proj_tile__iter_v1, o_acc_lo__rv_v2, [oi__idx_v0, 0, 0, 0])
                out_proj_tile__ssa_v4: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(out_proj_tile__ssa_v3, o_acc_hi__rv_v2, [oi__idx_v0, 0, 0, 256])
            out_proj_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.yield_(out_proj_tile__ssa_v4)
        # Stage 2: Residual addition with hidden_states.
        resid1_tile__ssa_v0: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.create([16, 1, 16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for oi__idx_v0_1, (resid1_tile__iter_v1,) in pl.parallel(16, init_values=(resid1_tile__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="out_proj_residual"):
                hidden_block__ssa_v0: pl.Scalar[pl.INDEX] = oi__idx_v0_1 * 4
                out_proj_lo__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(out_proj_tile__rv_v2, [1, 1, 16, 128], [oi__idx_v0_1, 0, 0, 0])
                hidden_lo__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states__ssa_v0, [1, 1, 16, 128], [hidden_block__ssa_v0, 0, 0, 0]), target_type=pl.FP32, mode='round')
                resid_lo__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.add(out_proj_lo__ssa_v0, hidden_lo__ssa_v0)
                resid1_tile__ssa_v3: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(resid1_tile__iter_v1, resid_lo__ssa_v0, [oi__idx_v0_1, 0, 0, 0])
                out_proj_hi__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(out_proj_tile__rv_v2, [1, 1, 16, 128], [oi__idx_v0_1, 0, 0, 128])
                hidden_hi__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states__ssa_v0, [1, 1, 16, 128], [hidden_block__ssa_v0 + 1, 0, 0, 0]), target_type=pl.FP32, mode='round')
                resid_hi__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.add(out_proj_hi__ssa_v0, hidden_hi__ssa_v0)
                resid1_tile__ssa_v4: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(resid1_tile__ssa_v3, resid_hi__ssa_v0, [oi__idx_v0_1, 0, 0, 128])
                out_proj_mid__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(out_proj_tile__rv_v2, [1, 1, 16, 128], [oi__idx_v0_1, 0, 0, 256])
                hidden_mid__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states__ssa_v0, [1, 1, 16, 128], [hidden_block__ssa_v0 + 2, 0, 0, 0]), target_type=pl.FP32, mode='round')
                resid_mid__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.add(out_proj_mid__ssa_v0, hidden_mid__ssa_v0)
                resid1_tile__ssa_v5: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(resid1_tile__ssa_v4, resid_mid__ssa_v0, [oi__idx_v0_1, 0, 0, 256])
                out_proj_tail__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(out_proj_tile__rv_v2, [1, 1, 16, 128], [oi__idx_v0_1, 0, 0, 384])
                hidden_tail__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states__ssa_v0, [1, 1, 16, 128], [hidden_block__ssa_v0 + 3, 0, 0, 0]), target_type=pl.FP32, mode='round')
                resid_tail__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.add(out_proj_tail__ssa_v0, hidden_tail__ssa_v0)
                resid1_tile__ssa_v6: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(resid1_tile__ssa_v5, resid_tail__ssa_v0, [oi__idx_v0_1, 0, 0, 384])
            resid1_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.yield_(resid1_tile__ssa_v6)
        # Stage 3: Post-attention RMSNorm.
        post_norm_tile__ssa_v0: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.create([64, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="post_rmsnorm"):
            sq_sum__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
            for kb__idx_v0_6, (sq_sum__iter_v1,) in pl.pipeline(64, stage=2, init_values=(sq_sum__ssa_v0,)):
                resid_block__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0_6 // 4
                resid_offset__ssa_v0: pl.Scalar[pl.INDEX] = (kb__idx_v0_6 - resid_block__ssa_v0 * 4) * 128
                resid_chunk__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(resid1_tile__rv_v2, [1, 1, 16, 128], [resid_block__ssa_v0, 0, 0, resid_offset__ssa_v0])
                sq_chunk__ssa_v1: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(resid_chunk__ssa_v0, resid_chunk__ssa_v0)), [1, 16])
                sq_sum__ssa_v3: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(sq_sum__iter_v1, sq_chunk__ssa_v1)
                sq_sum__rv_v2: pl.Tensor[[1, 16], pl.FP32] = pl.yield_(sq_sum__ssa_v3)
            inv_rms_s3__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(pl.tensor.adds(pl.tensor.muls(sq_sum__rv_v2, 0.0001220703125), 9.9999999999999995e-07)))
            inv_rms_s3_col__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(inv_rms_s3__ssa_v0, [16, 1])
            for kb__idx_v0_7, (post_norm_tile__iter_v1,) in pl.pipeline(64, stage=2, init_values=(post_norm_tile__ssa_v0,)):
                resid_block__ssa_v1: pl.Scalar[pl.INDEX] = kb__idx_v0_7 // 4
                resid_offset__ssa_v1: pl.Scalar[pl.INDEX] = (kb__idx_v0_7 - resid_block__ssa_v1 * 4) * 128
                resid_chunk__ssa_v1: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(resid1_tile__rv_v2, [1, 1, 16, 128], [resid_block__ssa_v1, 0, 0, resid_offset__ssa_v1])
                post_gamma__ssa_v0: pl.Tensor[[1, 1, 1, 128], pl.FP32] = pl.tensor.slice(post_rms_weight__ssa_v0, [1, 1, 1, 128], [kb__idx_v0_7, 0, 0, 0])
                post_normed__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(resid_chunk__ssa_v1, inv_rms_s3_col__ssa_v0), post_gamma__ssa_v0)
                post_norm_tile__ssa_v3: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.assemble(post_norm_tile__iter_v1, pl.tensor.cast(post_normed__ssa_v0, target_type=pl.BF16, mode='round'), [kb__idx_v0_7, 0, 0, 0])
                post_norm_tile__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.yield_(post_norm_tile__ssa_v3)
        # Stage 4 & 5 & 6: MLP gate/up projections + SiLU.
        mlp_tile__ssa_v0: pl.Tensor[[100, 1, 16, 256], pl.BF16] = pl.tensor.create([100, 1, 16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for mb__idx_v0, (mlp_tile__iter_v1,) in pl.parallel(100, init_values=(mlp_tile__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="gate_proj"):
                post0__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(post_norm_tile__rv_v2, [1, 1, 16, 128], [0, 0, 0, 0])
                wg0__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(w_gate__ssa_v0, [1, 1, 128, 256], [0, mb__idx_v0, 0, 0])
                gate_acc__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(post0__ssa_v0, wg0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb__idx_v0_8, (gate_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(gate_acc__ssa_v0,)):
                    post_chunk__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(post_norm_tile__rv_v2, [1, 1, 16, 128], [kb__idx_v0_8, 0, 0, 0])
                    wg__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(w_gate__ssa_v0, [1, 1, 128, 256], [kb__idx_v0_8, mb__idx_v0, 0, 0])
                    gate_acc__ssa_v3: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(gate_acc__iter_v1, post_chunk__ssa_v0, wg__ssa_v0, a_trans=False, b_trans=False)
                    gate_acc__rv_v2: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.yield_(gate_acc__ssa_v3)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="up_proj"):
                post0__ssa_v1: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(post_norm_tile__rv_v2, [1, 1, 16, 128], [0, 0, 0, 0])
                wu0__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(w_up__ssa_v0, [1, 1, 128, 256], [0, mb__idx_v0, 0, 0])
                up_acc__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(post0__ssa_v1, wu0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb__idx_v0_9, (up_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(up_acc__ssa_v0,)):
                    post_chunk__ssa_v1: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(post_norm_tile__rv_v2, [1, 1, 16, 128], [kb__idx_v0_9, 0, 0, 0])
                    wu__ssa_v0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(w_up__ssa_v0, [1, 1, 128, 256], [kb__idx_v0_9, mb__idx_v0, 0, 0])
                    up_acc__ssa_v3: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(up_acc__iter_v1, post_chunk__ssa_v1, wu__ssa_v0, a_trans=False, b_trans=False)
                    up_acc__rv_v2: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.yield_(up_acc__ssa_v3)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="silu"):
                sigmoid__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.recip(pl.tensor.adds(pl.tensor.exp(pl.tensor.neg(gate_acc__rv_v2)), 1.0))
                mlp_chunk__ssa_v0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.mul(pl.tensor.mul(gate_acc__rv_v2, sigmoid__ssa_v0), up_acc__rv_v2)
                mlp_tile__ssa_v3: pl.Tensor[[100, 1, 16, 256], pl.BF16] = pl.tensor.assemble(mlp_tile__iter_v1, pl.tensor.cast(mlp_chunk__ssa_v0, target_type=pl.BF16, mode='round'), [mb__idx_v0, 0, 0, 0])
            mlp_tile__rv_v2: pl.Tensor[[100, 1, 16, 256], pl.BF16] = pl.yield_(mlp_tile__ssa_v3)
        # Stage 7: Down projection.
        down_proj_tile__ssa_v0: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.create([16, 1, 16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for di__idx_v0, (down_proj_tile__iter_v1,) in pl.parallel(16, init_values=(down_proj_tile__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="down_proj"):
                down_a0__ssa_v0: pl.Tensor[[1, 1, 16, 64], pl.BF16] = pl.tensor.slice(mlp_tile__rv_v2, [1, 1, 16, 64], [0, 0, 0, 0])
                down_b0__ssa_v0: pl.Tensor[[1, 1, 64, 512], pl.BF16] = pl.tensor.slice(w_down__ssa_v0, [1, 1, 64, 512], [0, di__idx_v0, 0, 0])
                down_acc__ssa_v0: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.matmul(down_a0__ssa_v0, down_b0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for ob__idx_v0, (down_acc__iter_v1,) in pl.pipeline(1, 400, stage=2, init_values=(down_acc__ssa_v0,)):
                    mlp_block__ssa_v0: pl.Scalar[pl.INDEX] = ob__idx_v0 // 4
                    mlp_offset__ssa_v0: pl.Scalar[pl.INDEX] = (ob__idx_v0 - mlp_block__ssa_v0 * 4) * 64
                    down_mlp_chunk__ssa_v0: pl.Tensor[[1, 1, 16, 64], pl.BF16] = pl.tensor.slice(mlp_tile__rv_v2, [1, 1, 16, 64], [mlp_block__ssa_v0, 0, 0, mlp_offset__ssa_v0])
                    w_down_chunk__ssa_v0: pl.Tensor[[1, 1, 64, 512], pl.BF16] = pl.tensor.slice(w_down__ssa_v0, [1, 1, 64, 512], [ob__idx_v0, di__idx_v0, 0, 0])
                    down_acc__ssa_v3: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.matmul_acc(down_acc__iter_v1, down_mlp_chunk__ssa_v0, w_down_chunk__ssa_v0, a_trans=False, b_trans=False)
                    down_acc__rv_v2: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.yield_(down_acc__ssa_v3)
                down_proj_tile__ssa_v3: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(down_proj_tile__iter_v1, down_acc__rv_v2, [di__idx_v0, 0, 0, 0])
            down_proj_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.yield_(down_proj_tile__ssa_v3)
        # Stage 8: Final residual writeback.
        for di__idx_v0_1, (out__iter_v1,) in pl.parallel(16, init_values=(out__ssa_v0,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="down_proj_residual"):
                resid_block__ssa_v2: pl.Scalar[pl.INDEX] = di__idx_v0_1
                final_down__ssa_v0: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.slice(down_proj_tile__rv_v2, [1, 1, 16, 512], [di__idx_v0_1, 0, 0, 0])
                final_resid__ssa_v0: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.slice(resid1_tile__rv_v2, [1, 1, 16, 512], [resid_block__ssa_v2, 0, 0, 0])
                final_out__ssa_v0: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.add(final_down__ssa_v0, final_resid__ssa_v0)
                out__ssa_v3: pl.Tensor[[16, 1, 16, 512], pl.BF16] = pl.tensor.assemble(out__iter_v1, pl.tensor.cast(final_out__ssa_v0, target_type=pl.BF16, mode='round'), [di__idx_v0_1, 0, 0, 0])
            out__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.BF16] = pl.yield_(out__ssa_v3)
        return out__rv_v2
