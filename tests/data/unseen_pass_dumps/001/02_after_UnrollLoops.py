# pypto.program: Qwen3Decode
import pypto.language as pl

@pl.program
class Qwen3Decode:
    @pl.function
    def qwen3_decode(self, hidden_states: pl.Tensor[[64, 1, 16, 128], pl.BF16], input_rms_weight: pl.Tensor[[64, 1, 1, 128], pl.FP32], wq: pl.Tensor[[64, 32, 128, 256], pl.BF16], wk: pl.Tensor[[64, 4, 128, 256], pl.BF16], wv: pl.Tensor[[64, 4, 128, 256], pl.BF16], seq_lens: pl.Tensor[[16, 1, 1, 1], pl.INT32], rope_cos: pl.Tensor[[4096, 1, 1, 128], pl.FP32], rope_sin: pl.Tensor[[4096, 1, 1, 128], pl.FP32], k_cache: pl.Tensor[[128, 16, 256, 128], pl.BF16], v_cache: pl.Tensor[[128, 16, 256, 128], pl.BF16], wo: pl.Tensor[[64, 16, 128, 512], pl.BF16], post_rms_weight: pl.Tensor[[64, 1, 1, 128], pl.FP32], w_gate: pl.Tensor[[64, 100, 128, 256], pl.BF16], w_up: pl.Tensor[[64, 100, 128, 256], pl.BF16], w_down: pl.Tensor[[400, 16, 64, 512], pl.BF16], out: pl.Out[pl.Tensor[[16, 1, 16, 512], pl.BF16]]) -> pl.Tensor[[16, 1, 16, 512], pl.BF16]:
        q_proj: pl.Tensor[[32, 1, 16, 256], pl.FP32] = pl.tensor.create([32, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        k_proj: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.create([4, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        v_proj: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.create([4, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        # ── Scope 1: input RMSNorm + Q/K/V projection ──
        normed_states: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.create([64, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="rmsnorm"):
            partial_sq: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
            for kb in pl.pipeline(64, stage=4):
                x_chunk: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states, [1, 1, 16, 128], [kb, 0, 0, 0]), target_type=pl.FP32, mode='round')
                sq_chunk: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(x_chunk, x_chunk)), [1, 16])
                partial_sq: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(partial_sq, sq_chunk)
            inv_rms: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(pl.tensor.adds(pl.tensor.muls(partial_sq, 0.0001220703125), 9.9999999999999995e-07)))
            inv_rms_col: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(inv_rms, [16, 1])
            for kb_1 in pl.pipeline(64, stage=4):
                x_chunk: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states, [1, 1, 16, 128], [kb_1, 0, 0, 0]), target_type=pl.FP32, mode='round')
                gamma: pl.Tensor[[1, 1, 1, 128], pl.FP32] = pl.tensor.slice(input_rms_weight, [1, 1, 1, 128], [kb_1, 0, 0, 0])
                normed: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(x_chunk, inv_rms_col), gamma)
                normed_states: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.assemble(normed_states, pl.tensor.cast(normed, target_type=pl.BF16, mode='round'), [kb_1, 0, 0, 0])
        # Q projection.
        for qb in pl.parallel(32):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="q_proj"):
                tile_a0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states, [1, 1, 16, 128], [0, 0, 0, 0])
                tile_b0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wq, [1, 1, 128, 256], [0, qb, 0, 0])
                q_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(tile_a0, tile_b0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb_2 in pl.pipeline(1, 64, stage=2):
                    tile_a_i: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states, [1, 1, 16, 128], [kb_2, 0, 0, 0])
                    tile_b_i: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wq, [1, 1, 128, 256], [kb_2, qb, 0, 0])
                    q_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(q_acc, tile_a_i, tile_b_i, a_trans=False, b_trans=False)
                q_proj: pl.Tensor[[32, 1, 16, 256], pl.FP32] = pl.tensor.assemble(q_proj, q_acc, [qb, 0, 0, 0])
        # K/V projection.
        for kvb in pl.parallel(4):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="k_proj"):
                tile_a0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states, [1, 1, 16, 128], [0, 0, 0, 0])
                tile_wk0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wk, [1, 1, 128, 256], [0, kvb, 0, 0])
                k_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(tile_a0, tile_wk0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb_3 in pl.pipeline(1, 64, stage=2):
                    tile_a_i: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states, [1, 1, 16, 128], [kb_3, 0, 0, 0])
                    tile_wk_i: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wk, [1, 1, 128, 256], [kb_3, kvb, 0, 0])
                    k_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(k_acc, tile_a_i, tile_wk_i, a_trans=False, b_trans=False)
                k_proj: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.assemble(k_proj, k_acc, [kvb, 0, 0, 0])
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="v_proj"):
                tile_a0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states, [1, 1, 16, 128], [0, 0, 0, 0])
                tile_wv0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wv, [1, 1, 128, 256], [0, kvb, 0, 0])
                v_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(tile_a0, tile_wv0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb_4 in pl.pipeline(1, 64, stage=2):
                    tile_a_i: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(normed_states, [1, 1, 16, 128], [kb_4, 0, 0, 0])
                    tile_wv_i: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wv, [1, 1, 128, 256], [kb_4, kvb, 0, 0])
                    v_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(v_acc, tile_a_i, tile_wv_i, a_trans=False, b_trans=False)
                v_proj: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.assemble(v_proj, v_acc, [kvb, 0, 0, 0])
        # ── Scope 2: RoPE + KV cache update + grouped-query attention ──
        all_q_padded: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tensor.create([128, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        attn_proj_tile: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.create([64, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for b in pl.parallel(16):
            ctx_len: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens, [b, 0, 0, 0])
            pos: pl.Scalar[pl.INDEX] = pl.cast(ctx_len, pl.INDEX) - 1
            ctx_blocks: pl.Scalar[pl.INDEX] = (pl.cast(ctx_len, pl.INDEX) + 256 - 1) // 256
            pos_block: pl.Scalar[pl.INDEX] = pos // 256
            pos_offset: pl.Scalar[pl.INDEX] = pos - pos_block * 256
            cos_lo: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(rope_cos, [1, 1, 1, 64], [pos, 0, 0, 0])
            cos_hi: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(rope_cos, [1, 1, 1, 64], [pos, 0, 0, 64])
            sin_lo: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(rope_sin, [1, 1, 1, 64], [pos, 0, 0, 0])
            sin_hi: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(rope_sin, [1, 1, 1, 64], [pos, 0, 0, 64])
            # Stage 1: K RoPE + cache update + V cache + Q RoPE + pad.
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="rope_kv_cache"):
                for ki in pl.range(8):
                    kv_col: pl.Scalar[pl.INDEX] = ki * 128
                    kv_block: pl.Scalar[pl.INDEX] = kv_col // 256
                    kv_offset: pl.Scalar[pl.INDEX] = kv_col - kv_block * 256
                    cache_idx: pl.Scalar[pl.INDEX] = b * 8 + ki
                    k_lo: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(k_proj, [1, 1, 1, 64], [kv_block, 0, b, kv_offset])
                    k_hi: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(k_proj, [1, 1, 1, 64], [kv_block, 0, b, kv_offset + 64])
                    rot_lo: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(k_lo, cos_lo), pl.tensor.col_expand_mul(k_hi, sin_lo))
                    rot_hi: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(k_hi, cos_hi), pl.tensor.col_expand_mul(k_lo, sin_hi))
                    k_cache: pl.Tensor[[128, 16, 256, 128], pl.BF16] = pl.tensor.assemble(k_cache, pl.tensor.cast(rot_lo, target_type=pl.BF16, mode='round'), [cache_idx, pos_block, pos_offset, 0])
                    k_cache: pl.Tensor[[128, 16, 256, 128], pl.BF16] = pl.tensor.assemble(k_cache, pl.tensor.cast(rot_hi, target_type=pl.BF16, mode='round'), [cache_idx, pos_block, pos_offset, 64])
                    v_row_bf16: pl.Tensor[[1, 1, 1, 128], pl.BF16] = pl.tensor.cast(pl.tensor.slice(v_proj, [1, 1, 1, 128], [kv_block, 0, b, kv_offset]), target_type=pl.BF16, mode='round')
                    v_cache: pl.Tensor[[128, 16, 256, 128], pl.BF16] = pl.tensor.assemble(v_cache, v_row_bf16, [cache_idx, pos_block, pos_offset, 0])
                    q_base: pl.Scalar[pl.INDEX] = ki * 8
                    q_pad_idx: pl.Scalar[pl.INDEX] = b * 8 + ki
                    for qi in pl.range(8):
                        q_col: pl.Scalar[pl.INDEX] = (q_base + qi) * 128
                        q_block: pl.Scalar[pl.INDEX] = q_col // 256
                        q_offset: pl.Scalar[pl.INDEX] = q_col - q_block * 256
                        q_lo: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(q_proj, [1, 1, 1, 64], [q_block, 0, b, q_offset])
                        q_hi: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.slice(q_proj, [1, 1, 1, 64], [q_block, 0, b, q_offset + 64])
                        q_rot_lo: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.sub(pl.tensor.col_expand_mul(q_lo, cos_lo), pl.tensor.col_expand_mul(q_hi, sin_lo))
                        q_rot_hi: pl.Tensor[[1, 1, 1, 64], pl.FP32] = pl.tensor.add(pl.tensor.col_expand_mul(q_hi, cos_hi), pl.tensor.col_expand_mul(q_lo, sin_hi))
                        all_q_padded: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tensor.assemble(all_q_padded, pl.tensor.cast(q_rot_lo, target_type=pl.BF16, mode='round'), [q_pad_idx, 0, qi, 0])
                        all_q_padded: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tensor.assemble(all_q_padded, pl.tensor.cast(q_rot_hi, target_type=pl.BF16, mode='round'), [q_pad_idx, 0, qi, 64])
                    q_pad_zero: pl.Tensor[[1, 1, 8, 128], pl.BF16] = pl.tensor.cast(pl.tensor.full([1, 1, 8, 128], dtype=pl.FP32, value=0.0), target_type=pl.BF16, mode='round')
                    all_q_padded: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tensor.assemble(all_q_padded, q_pad_zero, [q_pad_idx, 0, 8, 0])
            for gi in pl.parallel(0, 8, 2):
                gi0: pl.Scalar[pl.INDEX] = gi
                gi1: pl.Scalar[pl.INDEX] = gi + 1
                kvh0: pl.Scalar[pl.INDEX] = gi0 // 1
                qg0: pl.Scalar[pl.INDEX] = gi0 - kvh0 * 1
                q_base0: pl.Scalar[pl.INDEX] = kvh0 * 8 + qg0 * 8
                q_padded0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(all_q_padded, [1, 1, 16, 128], [b * 8 + gi0, 0, 0, 0])
                kvh1: pl.Scalar[pl.INDEX] = gi1 // 1
                qg1: pl.Scalar[pl.INDEX] = gi1 - kvh1 * 1
                q_base1: pl.Scalar[pl.INDEX] = kvh1 * 8 + qg1 * 8
                q_padded1: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(all_q_padded, [1, 1, 16, 128], [b * 8 + gi1, 0, 0, 0])
                # Stage 2: QK matmul.
                all_raw_scores0: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tensor.create([16, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_raw_scores1: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tensor.create([16, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk_matmul"):
                    for sb in pl.range(ctx_blocks):
                        k_tile_0: pl.Tensor[[1, 1, 256, 128], pl.BF16] = pl.tensor.slice(k_cache, [1, 1, 256, 128], [b * 8 + kvh0, sb, 0, 0])
                        raw_scores_0: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(q_padded0, k_tile_0, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
                        all_raw_scores0: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tensor.assemble(all_raw_scores0, raw_scores_0, [sb, 0, 0, 0])
                        k_tile_1: pl.Tensor[[1, 1, 256, 128], pl.BF16] = pl.tensor.slice(k_cache, [1, 1, 256, 128], [b * 8 + kvh1, sb, 0, 0])
                        raw_scores_1: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(q_padded1, k_tile_1, a_trans=False, b_trans=True, c_matrix_nz=False, out_dtype=pl.FP32)
                        all_raw_scores1: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tensor.assemble(all_raw_scores1, raw_scores_1, [sb, 0, 0, 0])
                # Stage 3: softmax.
                all_exp_padded0: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.create([16, 1, 16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                all_cur_li0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_cur_mi0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_exp_padded1: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.create([16, 1, 16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                all_cur_li1: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_cur_mi1: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="softmax"):
                    for sb_1 in pl.range(ctx_blocks):
                        s0: pl.Scalar[pl.INDEX] = sb_1 * 256
                        valid_len: pl.Scalar[pl.INDEX] = pl.min(256, pl.cast(ctx_len, pl.INDEX) - s0)
                        scores_valid_0: pl.Tensor[[1, 1, 8, 256], pl.FP32, pl.TensorView(valid_shape=[1, 1, 8, valid_len], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.slice(all_raw_scores0, [1, 1, 8, 256], [sb_1, 0, 0, 0], [1, 1, 8, valid_len])
                        scores_padded_0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.fillpad(scores_valid_0, pad_value=pl.PadValue.min)
                        scores_0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.muls(scores_padded_0, 0.088388347648318433)
                        cur_mi_0: pl.Tensor[[1, 1, 8, 1], pl.FP32] = pl.tensor.row_max(scores_0)
                        exp_scores_0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.exp(pl.tensor.row_expand_sub(scores_0, cur_mi_0))
                        exp_scores_bf16_0: pl.Tensor[[1, 1, 8, 256], pl.BF16] = pl.tensor.cast(exp_scores_0, target_type=pl.BF16, mode='round')
                        exp_scores_fp32_0: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.cast(exp_scores_bf16_0, target_type=pl.FP32, mode='round')
                        cur_li_0: pl.Tensor[[1, 1, 8, 1], pl.FP32] = pl.tensor.row_sum(exp_scores_fp32_0)
                        all_exp_padded0: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.assemble(all_exp_padded0, exp_scores_bf16_0, [sb_1, 0, 0, 0])
                        all_cur_mi0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(all_cur_mi0, pl.tensor.reshape(cur_mi_0, [1, 8]), [sb_1, 0])
                        all_cur_li0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(all_cur_li0, pl.tensor.reshape(cur_li_0, [1, 8]), [sb_1, 0])
                        scores_valid_1: pl.Tensor[[1, 1, 8, 256], pl.FP32, pl.TensorView(valid_shape=[1, 1, 8, valid_len], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.slice(all_raw_scores1, [1, 1, 8, 256], [sb_1, 0, 0, 0], [1, 1, 8, valid_len])
                        scores_padded_1: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.fillpad(scores_valid_1, pad_value=pl.PadValue.min)
                        scores_1: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.muls(scores_padded_1, 0.088388347648318433)
                        cur_mi_1: pl.Tensor[[1, 1, 8, 1], pl.FP32] = pl.tensor.row_max(scores_1)
                        exp_scores_1: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.exp(pl.tensor.row_expand_sub(scores_1, cur_mi_1))
                        exp_scores_bf16_1: pl.Tensor[[1, 1, 8, 256], pl.BF16] = pl.tensor.cast(exp_scores_1, target_type=pl.BF16, mode='round')
                        exp_scores_fp32_1: pl.Tensor[[1, 1, 8, 256], pl.FP32] = pl.tensor.cast(exp_scores_bf16_1, target_type=pl.FP32, mode='round')
                        cur_li_1: pl.Tensor[[1, 1, 8, 1], pl.FP32] = pl.tensor.row_sum(exp_scores_fp32_1)
                        all_exp_padded1: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.assemble(all_exp_padded1, exp_scores_bf16_1, [sb_1, 0, 0, 0])
                        all_cur_mi1: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(all_cur_mi1, pl.tensor.reshape(cur_mi_1, [1, 8]), [sb_1, 0])
                        all_cur_li1: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.assemble(all_cur_li1, pl.tensor.reshape(cur_li_1, [1, 8]), [sb_1, 0])
                # Stage 4: SV matmul.
                all_oi_tmp0: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.create([16, 1, 16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_oi_tmp1: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.create([16, 1, 16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="sv_matmul"):
                    for sb_2 in pl.range(ctx_blocks):
                        exp_tile_0: pl.Tensor[[1, 1, 16, 256], pl.BF16] = pl.tensor.slice(all_exp_padded0, [1, 1, 16, 256], [sb_2, 0, 0, 0])
                        v_tile_0: pl.Tensor[[1, 1, 256, 128], pl.BF16] = pl.tensor.slice(v_cache, [1, 1, 256, 128], [b * 8 + kvh0, sb_2, 0, 0])
                        oi_tmp_0: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.matmul(exp_tile_0, v_tile_0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        all_oi_tmp0: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.assemble(all_oi_tmp0, oi_tmp_0, [sb_2, 0, 0, 0])
                        exp_tile_1: pl.Tensor[[1, 1, 16, 256], pl.BF16] = pl.tensor.slice(all_exp_padded1, [1, 1, 16, 256], [sb_2, 0, 0, 0])
                        v_tile_1: pl.Tensor[[1, 1, 256, 128], pl.BF16] = pl.tensor.slice(v_cache, [1, 1, 256, 128], [b * 8 + kvh1, sb_2, 0, 0])
                        oi_tmp_1: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.matmul(exp_tile_1, v_tile_1, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        all_oi_tmp1: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.assemble(all_oi_tmp1, oi_tmp_1, [sb_2, 0, 0, 0])
                # Stage 5: online softmax accumulation and normalisation.
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="online_softmax"):
                    oi_0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_oi_tmp0, [1, 1, 8, 128], [0, 0, 0, 0]), [8, 128])
                    mi_0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_mi0, [1, 8], [0, 0]), [8, 1])
                    li_0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_li0, [1, 8], [0, 0]), [8, 1])
                    oi_1: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_oi_tmp1, [1, 1, 8, 128], [0, 0, 0, 0]), [8, 128])
                    mi_1: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_mi1, [1, 8], [0, 0]), [8, 1])
                    li_1: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_li1, [1, 8], [0, 0]), [8, 1])
                    for sb_3 in pl.range(1, ctx_blocks):
                        oi_tmp_valid_0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_oi_tmp0, [1, 1, 8, 128], [sb_3, 0, 0, 0]), [8, 128])
                        cur_mi_os_0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_mi0, [1, 8], [sb_3, 0]), [8, 1])
                        cur_li_os_0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_li0, [1, 8], [sb_3, 0]), [8, 1])
                        mi_new_0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.maximum(mi_0, cur_mi_os_0)
                        alpha_0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(mi_0, mi_new_0))
                        beta_0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(cur_mi_os_0, mi_new_0))
                        li_0: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.add(pl.tensor.mul(alpha_0, li_0), pl.tensor.mul(beta_0, cur_li_os_0))
                        oi_0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.add(pl.tensor.row_expand_mul(oi_0, alpha_0), pl.tensor.row_expand_mul(oi_tmp_valid_0, beta_0))
                        mi_0: pl.Tensor[[8, 1], pl.FP32] = mi_new_0
                        oi_tmp_valid_1: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_oi_tmp1, [1, 1, 8, 128], [sb_3, 0, 0, 0]), [8, 128])
                        cur_mi_os_1: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_mi1, [1, 8], [sb_3, 0]), [8, 1])
                        cur_li_os_1: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(all_cur_li1, [1, 8], [sb_3, 0]), [8, 1])
                        mi_new_1: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.maximum(mi_1, cur_mi_os_1)
                        alpha_1: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(mi_1, mi_new_1))
                        beta_1: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.exp(pl.tensor.sub(cur_mi_os_1, mi_new_1))
                        li_1: pl.Tensor[[8, 1], pl.FP32] = pl.tensor.add(pl.tensor.mul(alpha_1, li_1), pl.tensor.mul(beta_1, cur_li_os_1))
                        oi_1: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.add(pl.tensor.row_expand_mul(oi_1, alpha_1), pl.tensor.row_expand_mul(oi_tmp_valid_1, beta_1))
                        mi_1: pl.Tensor[[8, 1], pl.FP32] = mi_new_1
                    ctx_0: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.row_expand_div(oi_0, li_0)
                    attn_proj_tile: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.assemble(attn_proj_tile, pl.tensor.cast(ctx_0, target_type=pl.BF16, mode='round'), [q_base0, 0, b, 0])
                    ctx_1: pl.Tensor[[8, 128], pl.FP32] = pl.tensor.row_expand_div(oi_1, li_1)
                    attn_proj_tile: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.assemble(attn_proj_tile, pl.tensor.cast(ctx_1, target_type=pl.BF16, mode='round'), [q_base1, 0, b, 0])
        # ── Scope 3: output projection + residual + post RMSNorm + MLP + residual ──
        out_proj_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.create([16, 1, 16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        # Stage 1: Output projection.
        for oi in pl.parallel(16):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="out_proj"):
                a_chunk0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(attn_proj_tile, [1, 1, 16, 128], [0, 0, 0, 0])
                w_chunk0_lo: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wo, [1, 1, 128, 256], [0, oi, 0, 0])
                o_acc_lo: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(a_chunk0, w_chunk0_lo, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                w_chunk0_hi: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wo, [1, 1, 128, 256], [0, oi, 0, 256])
                o_acc_hi: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(a_chunk0, w_chunk0_hi, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb_5 in pl.pipeline(1, 64, stage=2):
                    a_chunk_i: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(attn_proj_tile, [1, 1, 16, 128], [kb_5, 0, 0, 0])
                    w_chunk_i_lo: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wo, [1, 1, 128, 256], [kb_5, oi, 0, 0])
                    o_acc_lo: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(o_acc_lo, a_chunk_i, w_chunk_i_lo, a_trans=False, b_trans=False)
                    w_chunk_i_hi: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(wo, [1, 1, 128, 256], [kb_5, oi, 0, 256])
                    o_acc_hi: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(o_acc_hi, a_chunk_i, w_chunk_i_hi, a_trans=False, b_trans=False)
                out_proj_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(out_proj_tile, o_acc_lo, [oi, 0, 0, 0])
                out_proj_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(out_proj_tile, o_acc_hi, [oi, 0, 0, 256])
        # Stage 2: Residual addition with hidden_states.
        resid1_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.create([16, 1, 16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for oi_2 in pl.parallel(16):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="out_proj_residual"):
                hidden_block: pl.Scalar[pl.INDEX] = oi_2 * 4
                out_proj_lo: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(out_proj_tile, [1, 1, 16, 128], [oi_2, 0, 0, 0])
                hidden_lo: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states, [1, 1, 16, 128], [hidden_block, 0, 0, 0]), target_type=pl.FP32, mode='round')
                resid_lo: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.add(out_proj_lo, hidden_lo)
                resid1_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(resid1_tile, resid_lo, [oi_2, 0, 0, 0])
                out_proj_hi: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(out_proj_tile, [1, 1, 16, 128], [oi_2, 0, 0, 128])
                hidden_hi: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states, [1, 1, 16, 128], [hidden_block + 1, 0, 0, 0]), target_type=pl.FP32, mode='round')
                resid_hi: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.add(out_proj_hi, hidden_hi)
                resid1_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(resid1_tile, resid_hi, [oi_2, 0, 0, 128])
                out_proj_mid: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(out_proj_tile, [1, 1, 16, 128], [oi_2, 0, 0, 256])
                hidden_mid: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states, [1, 1, 16, 128], [hidden_block + 2, 0, 0, 0]), target_type=pl.FP32, mode='round')
                resid_mid: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.add(out_proj_mid, hidden_mid)
                resid1_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(resid1_tile, resid_mid, [oi_2, 0, 0, 256])
                out_proj_tail: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(out_proj_tile, [1, 1, 16, 128], [oi_2, 0, 0, 384])
                hidden_tail: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states, [1, 1, 16, 128], [hidden_block + 3, 0, 0, 0]), target_type=pl.FP32, mode='round')
                resid_tail: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.add(out_proj_tail, hidden_tail)
                resid1_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(resid1_tile, resid_tail, [oi_2, 0, 0, 384])
        # Stage 3: Post-attention RMSNorm.
        post_norm_tile: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.create([64, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="post_rmsnorm"):
            sq_sum: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
            for kb_6 in pl.pipeline(64, stage=2):
                resid_block: pl.Scalar[pl.INDEX] = kb_6 // 4
                resid_offset: pl.Scalar[pl.INDEX] = (kb_6 - resid_block * 4) * 128
                resid_chunk: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(resid1_tile, [1, 1, 16, 128], [resid_block, 0, 0, resid_offset])
                sq_chunk: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(resid_chunk, resid_chunk)), [1, 16])
                sq_sum: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(sq_sum, sq_chunk)
            inv_rms_s3: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.recip(pl.tensor.sqrt(pl.tensor.adds(pl.tensor.muls(sq_sum, 0.0001220703125), 9.9999999999999995e-07)))
            inv_rms_s3_col: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(inv_rms_s3, [16, 1])
            for kb_7 in pl.pipeline(64, stage=2):
                resid_block: pl.Scalar[pl.INDEX] = kb_7 // 4
                resid_offset: pl.Scalar[pl.INDEX] = (kb_7 - resid_block * 4) * 128
                resid_chunk: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.slice(resid1_tile, [1, 1, 16, 128], [resid_block, 0, 0, resid_offset])
                post_gamma: pl.Tensor[[1, 1, 1, 128], pl.FP32] = pl.tensor.slice(post_rms_weight, [1, 1, 1, 128], [kb_7, 0, 0, 0])
                post_normed: pl.Tensor[[1, 1, 16, 128], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(resid_chunk, inv_rms_s3_col), post_gamma)
                post_norm_tile: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.assemble(post_norm_tile, pl.tensor.cast(post_normed, target_type=pl.BF16, mode='round'), [kb_7, 0, 0, 0])
        # Stage 4 & 5 & 6: MLP gate/up projections + SiLU.
        mlp_tile: pl.Tensor[[100, 1, 16, 256], pl.BF16] = pl.tensor.create([100, 1, 16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for mb in pl.parallel(100):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="gate_proj"):
                post0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(post_norm_tile, [1, 1, 16, 128], [0, 0, 0, 0])
                wg0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(w_gate, [1, 1, 128, 256], [0, mb, 0, 0])
                gate_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(post0, wg0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb_8 in pl.pipeline(1, 64, stage=2):
                    post_chunk: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(post_norm_tile, [1, 1, 16, 128], [kb_8, 0, 0, 0])
                    wg: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(w_gate, [1, 1, 128, 256], [kb_8, mb, 0, 0])
                    gate_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(gate_acc, post_chunk, wg, a_trans=False, b_trans=False)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="up_proj"):
                post0: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(post_norm_tile, [1, 1, 16, 128], [0, 0, 0, 0])
                wu0: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(w_up, [1, 1, 128, 256], [0, mb, 0, 0])
                up_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul(post0, wu0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for kb_9 in pl.pipeline(1, 64, stage=2):
                    post_chunk: pl.Tensor[[1, 1, 16, 128], pl.BF16] = pl.tensor.slice(post_norm_tile, [1, 1, 16, 128], [kb_9, 0, 0, 0])
                    wu: pl.Tensor[[1, 1, 128, 256], pl.BF16] = pl.tensor.slice(w_up, [1, 1, 128, 256], [kb_9, mb, 0, 0])
                    up_acc: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.matmul_acc(up_acc, post_chunk, wu, a_trans=False, b_trans=False)
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="silu"):
                sigmoid: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.recip(pl.tensor.adds(pl.tensor.exp(pl.tensor.neg(gate_acc)), 1.0))
                mlp_chunk: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.mul(pl.tensor.mul(gate_acc, sigmoid), up_acc)
                mlp_tile: pl.Tensor[[100, 1, 16, 256], pl.BF16] = pl.tensor.assemble(mlp_tile, pl.tensor.cast(mlp_chunk, target_type=pl.BF16, mode='round'), [mb, 0, 0, 0])
        # Stage 7: Down projection.
        down_proj_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.create([16, 1, 16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for di in pl.parallel(16):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="down_proj"):
                down_a0: pl.Tensor[[1, 1, 16, 64], pl.BF16] = pl.tensor.slice(mlp_tile, [1, 1, 16, 64], [0, 0, 0, 0])
                down_b0: pl.Tensor[[1, 1, 64, 512], pl.BF16] = pl.tensor.slice(w_down, [1, 1, 64, 512], [0, di, 0, 0])
                down_acc: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.matmul(down_a0, down_b0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                for ob in pl.pipeline(1, 400, stage=2):
                    mlp_block: pl.Scalar[pl.INDEX] = ob // 4
                    mlp_offset: pl.Scalar[pl.INDEX] = (ob - mlp_block * 4) * 64
                    down_mlp_chunk: pl.Tensor[[1, 1, 16, 64], pl.BF16] = pl.tensor.slice(mlp_tile, [1, 1, 16, 64], [mlp_block, 0, 0, mlp_offset])
                    w_down_chunk: pl.Tensor[[1, 1, 64, 512], pl.BF16] = pl.tensor.slice(w_down, [1, 1, 64, 512], [ob, di, 0, 0])
                    down_acc: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.matmul_acc(down_acc, down_mlp_chunk, w_down_chunk, a_trans=False, b_trans=False)
                down_proj_tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.assemble(down_proj_tile, down_acc, [di, 0, 0, 0])
        # Stage 8: Final residual writeback.
        for di_1 in pl.parallel(16):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="down_proj_residual"):
                resid_block: pl.Scalar[pl.INDEX] = di_1 * 1
                final_down: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.slice(down_proj_tile, [1, 1, 16, 512], [di_1, 0, 0, 0])
                final_resid: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.slice(resid1_tile, [1, 1, 16, 512], [resid_block, 0, 0, 0])
                final_out: pl.Tensor[[1, 1, 16, 512], pl.FP32] = pl.tensor.add(final_down, final_resid)
                out: pl.Tensor[[16, 1, 16, 512], pl.BF16] = pl.tensor.assemble(out, pl.tensor.cast(final_out, target_type=pl.BF16, mode='round'), [di_1, 0, 0, 0])
        return out
