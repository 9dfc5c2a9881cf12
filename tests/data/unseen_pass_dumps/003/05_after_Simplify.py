# pypto.program: DeepSeekV32PrefillBack
import pypto.language as pl

@pl.program
class DeepSeekV32PrefillBack:
    @pl.function
    def deepseek_v3_2_prefill_back_layer(self, hidden_states__ssa_v0: pl.Tensor[[1, 128, 7168], pl.BF16], seq_lens__ssa_v0: pl.Tensor[[1], pl.INT32], combine_buf__ssa_v0: pl.Tensor[[128, 1, 128, 16384], pl.BF16], wo__ssa_v0: pl.Tensor[[16384, 7168], pl.BF16], post_rms_weight__ssa_v0: pl.Tensor[[1, 7168], pl.FP32], w_gate__ssa_v0: pl.Tensor[[7168, 18432], pl.BF16], w_up__ssa_v0: pl.Tensor[[7168, 18432], pl.BF16], w_down__ssa_v0: pl.Tensor[[18432, 7168], pl.BF16], out__ssa_v0: pl.Out[pl.Tensor[[1, 128, 7168], pl.BF16]]) -> pl.Tensor[[1, 128, 7168], pl.BF16]:
        for b__idx_v0, (out__iter_v1,) in pl.parallel(1, init_values=(out__ssa_v0,)):
            seq_len_b__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [0])
            tok_blocks__ssa_v0: pl.Scalar[pl.INDEX] = (pl.cast(seq_len_b__ssa_v0, pl.INDEX) + 63) // 64
            for p0_idx__idx_v0, (out__iter_v3,) in pl.range(tok_blocks__ssa_v0, init_values=(out__iter_v1,)):
                p0__ssa_v0: pl.Scalar[pl.INDEX] = p0_idx__idx_v0 * 64
                valid_tok__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(pl.cast(seq_len_b__ssa_v0, pl.INDEX) - p0__ssa_v0, 64)
                # GM intermediate tensors.
                resid1_tile__ssa_v0: pl.Tensor[[64, 7168], pl.FP32] = pl.tensor.create([64, 7168], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                attn_tile__ssa_v0: pl.Tensor[[64, 16384], pl.BF16] = pl.tensor.create([64, 16384], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                # Stage 1: Copy combine_buf 4D -> attn_tile 2D.
                with pl.at(level=pl.Level.CORE_GROUP):
                    for kb__idx_v0, (attn_tile__iter_v1,) in pl.range(128, init_values=(attn_tile__ssa_v0,)):
                        k0__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
                        a_chunk_fp32__ssa_v0: pl.Tensor[[64, 128], pl.FP32, pl.TensorView(valid_shape=[valid_tok__ssa_v0, 128], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.reshape(pl.tensor.cast(pl.tensor.slice(combine_buf__ssa_v0, [1, 1, 64, 128], [0, 0, p0__ssa_v0, k0__ssa_v0], [1, 1, valid_tok__ssa_v0, 128]), target_type=pl.FP32, mode='round'), [64, 128])
                        a_chunk_bf16__ssa_v0: pl.Tensor[[64, 128], pl.BF16, pl.TensorView(valid_shape=[valid_tok__ssa_v0, 128], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.cast(a_chunk_fp32__ssa_v0, target_type=pl.BF16, mode='round')
                        attn_tile__ssa_v3: pl.Tensor[[64, 16384], pl.BF16] = pl.tensor.assemble(attn_tile__iter_v1, a_chunk_bf16__ssa_v0, [0, k0__ssa_v0])
                        attn_tile__rv_v2: pl.Tensor[[64, 16384], pl.BF16] = pl.yield_(attn_tile__ssa_v3)
                # Stage 2: Output projection + first residual.
                for ob__idx_v0, (resid1_tile__iter_v1,) in pl.range(112, init_values=(resid1_tile__ssa_v0,)):
                    o0__ssa_v0: pl.Scalar[pl.INDEX] = ob__idx_v0 * 64
                    # Cube: chained matmul.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        tile_a__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(attn_tile__rv_v2, [64, 128], [0, 0])
                        tile_w__ssa_v0: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wo__ssa_v0, [128, 64], [0, o0__ssa_v0])
                        o_acc__ssa_v0: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.matmul(tile_a__ssa_v0, tile_w__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        for kb__idx_v0_1, (o_acc__iter_v1,) in pl.range(1, 128, init_values=(o_acc__ssa_v0,)):
                            k0__ssa_v1: pl.Scalar[pl.INDEX] = kb__idx_v0_1 * 128
                            tile_a_i__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(attn_tile__rv_v2, [64, 128], [0, k0__ssa_v1])
                            tile_w_i__ssa_v0: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wo__ssa_v0, [128, 64], [k0__ssa_v1, o0__ssa_v0])
                            o_acc__ssa_v3: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.matmul_acc(o_acc__iter_v1, tile_a_i__ssa_v0, tile_w_i__ssa_v0, a_trans=False, b_trans=False)
                            o_acc__rv_v2: pl.Tensor[[64, 64], pl.FP32] = pl.yield_(o_acc__ssa_v3)
                        resid1_tile__ssa_v3: pl.Tensor[[64, 7168], pl.FP32] = pl.tensor.assemble(resid1_tile__iter_v1, o_acc__rv_v2, [0, o0__ssa_v0])
                    # Vector: add residual.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        resid_chunk__ssa_v0: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[valid_tok__ssa_v0, 64], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.reshape(pl.tensor.cast(pl.tensor.slice(hidden_states__ssa_v0, [1, 64, 64], [0, p0__ssa_v0, o0__ssa_v0], [1, valid_tok__ssa_v0, 64]), target_type=pl.FP32, mode='round'), [64, 64])
                        mm_out__ssa_v0: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.slice(resid1_tile__ssa_v3, [64, 64], [0, o0__ssa_v0])
                        resid_sum__ssa_v0: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.add(mm_out__ssa_v0, resid_chunk__ssa_v0)
                        resid1_tile__ssa_v4: pl.Tensor[[64, 7168], pl.FP32] = pl.tensor.assemble(resid1_tile__ssa_v3, resid_sum__ssa_v0, [0, o0__ssa_v0])
                    resid1_tile__rv_v2: pl.Tensor[[64, 7168], pl.FP32] = pl.yield_(resid1_tile__ssa_v4)
                # Stage 3: Post-attention RMSNorm.
                post_norm_tile__ssa_v0: pl.Tensor[[64, 7168], pl.BF16] = pl.tensor.create([64, 7168], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                # 3a: Compute inv_rms (reduction — sequential).
                with pl.at(level=pl.Level.CORE_GROUP):
                    sq_sum__ssa_v0: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.full([1, 64], dtype=pl.FP32, value=0.0)
                    for kb__idx_v0_2, (sq_sum__iter_v1,) in pl.range(56, init_values=(sq_sum__ssa_v0,)):
                        k0__ssa_v2: pl.Scalar[pl.INDEX] = kb__idx_v0_2 * 128
                        x_chunk__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.slice(resid1_tile__rv_v2, [64, 128], [0, k0__ssa_v2])
                        sq_sum__ssa_v3: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.add(sq_sum__iter_v1, pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(x_chunk__ssa_v0, x_chunk__ssa_v0)), [1, 64]))
                        sq_sum__rv_v2: pl.Tensor[[1, 64], pl.FP32] = pl.yield_(sq_sum__ssa_v3)
                    inv_rms__ssa_v0: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.rsqrt(pl.tensor.adds(pl.tensor.muls(sq_sum__rv_v2, 0.00013950892857142856), 9.9999999999999995e-07))
                # 3b: Normalize + gamma. Chunk HIDDEN // K_TILE across cores; each
                # core scope handles NORM_TILE contiguous blocks.
                for kb0__idx_v0, (post_norm_tile__iter_v1,) in pl.parallel(0, 56, 8, init_values=(post_norm_tile__ssa_v0,)):
                    with pl.at(level=pl.Level.CORE_GROUP):
                        for kb__idx_v0_3, (post_norm_tile__iter_v3,) in pl.range(kb0__idx_v0, kb0__idx_v0 + 8, init_values=(post_norm_tile__iter_v1,)):
                            k0__ssa_v3: pl.Scalar[pl.INDEX] = kb__idx_v0_3 * 128
                            x_chunk__ssa_v1: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.slice(resid1_tile__rv_v2, [64, 128], [0, k0__ssa_v3])
                            gamma__ssa_v0: pl.Tensor[[1, 128], pl.FP32] = pl.tensor.slice(post_rms_weight__ssa_v0, [1, 128], [0, k0__ssa_v3])
                            normed__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(x_chunk__ssa_v1, pl.tensor.reshape(inv_rms__ssa_v0, [64, 1])), gamma__ssa_v0)
                            normed_bf16__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.cast(normed__ssa_v0, target_type=pl.BF16, mode='round')
                            post_norm_tile__ssa_v5: pl.Tensor[[64, 7168], pl.BF16] = pl.tensor.assemble(post_norm_tile__iter_v3, normed_bf16__ssa_v0, [0, k0__ssa_v3])
                            post_norm_tile__rv_v4: pl.Tensor[[64, 7168], pl.BF16] = pl.yield_(post_norm_tile__ssa_v5)
                    post_norm_tile__rv_v2: pl.Tensor[[64, 7168], pl.BF16] = pl.yield_(post_norm_tile__rv_v4)
                # Stage 4: MLP gate/up + SiLU -> mlp_tile.
                mlp_tile__ssa_v0: pl.Tensor[[64, 18432], pl.BF16] = pl.tensor.create([64, 18432], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                for ob__idx_v0_1, (mlp_tile__iter_v1,) in pl.range(144, init_values=(mlp_tile__ssa_v0,)):
                    o0__ssa_v1: pl.Scalar[pl.INDEX] = ob__idx_v0_1 * 128
                    # Gate matmul chain.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        pc0__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(post_norm_tile__rv_v2, [64, 128], [0, 0])
                        wg0__ssa_v0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_gate__ssa_v0, [128, 128], [0, o0__ssa_v1])
                        gate_acc__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul(pc0__ssa_v0, wg0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        for kb__idx_v0_4, (gate_acc__iter_v1,) in pl.range(1, 56, init_values=(gate_acc__ssa_v0,)):
                            k0__ssa_v4: pl.Scalar[pl.INDEX] = kb__idx_v0_4 * 128
                            pci__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(post_norm_tile__rv_v2, [64, 128], [0, k0__ssa_v4])
                            wgi__ssa_v0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_gate__ssa_v0, [128, 128], [k0__ssa_v4, o0__ssa_v1])
                            gate_acc__ssa_v3: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul_acc(gate_acc__iter_v1, pci__ssa_v0, wgi__ssa_v0, a_trans=False, b_trans=False)
                            gate_acc__rv_v2: pl.Tensor[[64, 128], pl.FP32] = pl.yield_(gate_acc__ssa_v3)
                    # Up matmul chain.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        pc0__ssa_v1: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(post_norm_tile__rv_v2, [64, 128], [0, 0])
                        wu0__ssa_v0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_up__ssa_v0, [128, 128], [0, o0__ssa_v1])
                        up_acc__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul(pc0__ssa_v1, wu0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        for kb__idx_v0_5, (up_acc__iter_v1,) in pl.range(1, 56, init_values=(up_acc__ssa_v0,)):
                            k0__ssa_v5: pl.Scalar[pl.INDEX] = kb__idx_v0_5 * 128
                            pci__ssa_v1: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(post_norm_tile__rv_v2, [64, 128], [0, k0__ssa_v5])
                            wui__ssa_v0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_up__ssa_v0, [128, 128], [k0__ssa_v5, o0__ssa_v1])
                            up_acc__ssa_v3: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul_acc(up_acc__iter_v1, pci__ssa_v1, wui__ssa_v0, a_trans=False, b_trans=False)
                            up_acc__rv_v2: pl.Tensor[[64, 128], pl.FP32] = pl.yield_(up_acc__ssa_v3)
                    # SiLU activation -> mlp_tile.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        sigmoid__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.recip(pl.tensor.adds(pl.tensor.exp(pl.tensor.neg(gate_acc__rv_v2)), 1.0))
                        mlp_chunk__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.mul(pl.tensor.mul(gate_acc__rv_v2, sigmoid__ssa_v0), up_acc__rv_v2)
                        mlp_tile__ssa_v3: pl.Tensor[[64, 18432], pl.BF16] = pl.tensor.assemble(mlp_tile__iter_v1, pl.tensor.cast(mlp_chunk__ssa_v0, target_type=pl.BF16, mode='round'), [0, o0__ssa_v1])
                    mlp_tile__rv_v2: pl.Tensor[[64, 18432], pl.BF16] = pl.yield_(mlp_tile__ssa_v3)
                # Stage 5: Down projection + final residual -> BF16 output.
                for dob__idx_v0, (out__iter_v5,) in pl.range(56, init_values=(out__iter_v3,)):
                    d0__ssa_v0: pl.Scalar[pl.INDEX] = dob__idx_v0 * 128
                    with pl.at(level=pl.Level.CORE_GROUP):
                        mlp0__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(mlp_tile__rv_v2, [64, 128], [0, 0])
                        wd0__ssa_v0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_down__ssa_v0, [128, 128], [0, d0__ssa_v0])
                        down_acc__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul(mlp0__ssa_v0, wd0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        for ob__idx_v0_2, (down_acc__iter_v1,) in pl.range(1, 144, init_values=(down_acc__ssa_v0,)):
                            o0__ssa_v2: pl.Scalar[pl.INDEX] = ob__idx_v0_2 * 128
                            mlpi__ssa_v0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(mlp_tile__rv_v2, [64, 128], [0, o0__ssa_v2])
                            wdi__ssa_v0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_down__ssa_v0, [128, 128], [o0__ssa_v2, d0__ssa_v0])
                            down_acc__ssa_v3: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul_acc(down_acc__iter_v1, mlpi__ssa_v0, wdi__ssa_v0, a_trans=False, b_trans=False)
                            down_acc__rv_v2: pl.Tensor[[64, 128], pl.FP32] = pl.yield_(down_acc__ssa_v3)
                    with pl.at(level=pl.Level.CORE_GROUP):
                        out_chunk__ssa_v0: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.add(down_acc__rv_v2, pl.tensor.slice(resid1_tile__rv_v2, [64, 128], [0, d0__ssa_v0]))
                        out__ssa_v7: pl.Tensor[[1, 128, 7168], pl.BF16] = pl.tensor.assemble(out__iter_v5, pl.tensor.cast(out_chunk__ssa_v0, target_type=pl.BF16, mode='round'), [0, p0__ssa_v0, d0__ssa_v0])
                    out__rv_v6: pl.Tensor[[1, 128, 7168], pl.BF16] = pl.yield_(out__ssa_v7)
                out__rv_v4: pl.Tensor[[1, 128, 7168], pl.BF16] = pl.yield_(out__rv_v6)
            out__rv_v2: pl.Tensor[[1, 128, 7168], pl.BF16] = pl.yield_(out__rv_v4)
        return out__rv_v2
