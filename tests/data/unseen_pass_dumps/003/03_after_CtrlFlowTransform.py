# pypto.program: DeepSeekV32PrefillBack
import pypto.language as pl

@pl.program
class DeepSeekV32PrefillBack:
    @pl.function
    def deepseek_v3_2_prefill_back_layer(self, hidden_states: pl.Tensor[[1, 128, 7168], pl.BF16], seq_lens: pl.Tensor[[1], pl.INT32], combine_buf: pl.Tensor[[128, 1, 128, 16384], pl.BF16], wo: pl.Tensor[[16384, 7168], pl.BF16], post_rms_weight: pl.Tensor[[1, 7168], pl.FP32], w_gate: pl.Tensor[[7168, 18432], pl.BF16], w_up: pl.Tensor[[7168, 18432], pl.BF16], w_down: pl.Tensor[[18432, 7168], pl.BF16], out: pl.Out[pl.Tensor[[1, 128, 7168], pl.BF16]]) -> pl.Tensor[[1, 128, 7168], pl.BF16]:
        for b in pl.parallel(1):
            seq_len_b: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens, [b])
            tok_blocks: pl.Scalar[pl.INDEX] = (pl.cast(seq_len_b, pl.INDEX) + 64 - 1) // 64
            for p0_idx in pl.range(tok_blocks):
                p0: pl.Scalar[pl.INDEX] = p0_idx * 64
                valid_tok: pl.Scalar[pl.INDEX] = pl.min(64, pl.cast(seq_len_b, pl.INDEX) - p0)
                # GM intermediate tensors.
                resid1_tile: pl.Tensor[[64, 7168], pl.FP32] = pl.tensor.create([64, 7168], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                attn_tile: pl.Tensor[[64, 16384], pl.BF16] = pl.tensor.create([64, 16384], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                # Stage 1: Copy combine_buf 4D -> attn_tile 2D.
                with pl.at(level=pl.Level.CORE_GROUP):
                    for kb in pl.range(128):
                        k0: pl.Scalar[pl.INDEX] = kb * 128
                        a_chunk_fp32: pl.Tensor[[64, 128], pl.FP32, pl.TensorView(valid_shape=[valid_tok, 128], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.reshape(pl.tensor.cast(pl.tensor.slice(combine_buf, [1, 1, 64, 128], [0, b, p0, k0], [1, 1, valid_tok, 128]), target_type=pl.FP32, mode='round'), [64, 128])
                        a_chunk_bf16: pl.Tensor[[64, 128], pl.BF16, pl.TensorView(valid_shape=[valid_tok, 128], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.cast(a_chunk_fp32, target_type=pl.BF16, mode='round')
                        attn_tile: pl.Tensor[[64, 16384], pl.BF16] = pl.tensor.assemble(attn_tile, a_chunk_bf16, [0, k0])
                # Stage 2: Output projection + first residual.
                for ob in pl.range(112):
                    o0: pl.Scalar[pl.INDEX] = ob * 64
                    # Cube: chained matmul.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        tile_a: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(attn_tile, [64, 128], [0, 0])
                        tile_w: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wo, [128, 64], [0, o0])
                        o_acc: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.matmul(tile_a, tile_w, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        for kb_1 in pl.range(1, 128):
                            k0: pl.Scalar[pl.INDEX] = kb_1 * 128
                            tile_a_i: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(attn_tile, [64, 128], [0, k0])
                            tile_w_i: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wo, [128, 64], [k0, o0])
                            o_acc: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.matmul_acc(o_acc, tile_a_i, tile_w_i, a_trans=False, b_trans=False)
                        resid1_tile: pl.Tensor[[64, 7168], pl.FP32] = pl.tensor.assemble(resid1_tile, o_acc, [0, o0])
                    # Vector: add residual.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        resid_chunk: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(valid_shape=[valid_tok, 64], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.reshape(pl.tensor.cast(pl.tensor.slice(hidden_states, [1, 64, 64], [b, p0, o0], [1, valid_tok, 64]), target_type=pl.FP32, mode='round'), [64, 64])
                        mm_out: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.slice(resid1_tile, [64, 64], [0, o0])
                        resid_sum: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.add(mm_out, resid_chunk)
                        resid1_tile: pl.Tensor[[64, 7168], pl.FP32] = pl.tensor.assemble(resid1_tile, resid_sum, [0, o0])
                # Stage 3: Post-attention RMSNorm.
                post_norm_tile: pl.Tensor[[64, 7168], pl.BF16] = pl.tensor.create([64, 7168], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                # 3a: Compute inv_rms (reduction — sequential).
                with pl.at(level=pl.Level.CORE_GROUP):
                    sq_sum: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.full([1, 64], dtype=pl.FP32, value=0.0)
                    for kb_2 in pl.range(56):
                        k0: pl.Scalar[pl.INDEX] = kb_2 * 128
                        x_chunk: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.slice(resid1_tile, [64, 128], [0, k0])
                        sq_sum: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.add(sq_sum, pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(x_chunk, x_chunk)), [1, 64]))
                    inv_rms: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.rsqrt(pl.tensor.adds(pl.tensor.muls(sq_sum, 0.00013950892857142856), 9.9999999999999995e-07))
                # 3b: Normalize + gamma. Chunk HIDDEN // K_TILE across cores; each
                # core scope handles NORM_TILE contiguous blocks.
                for kb0 in pl.parallel(0, 56, 8):
                    with pl.at(level=pl.Level.CORE_GROUP):
                        for kb_3 in pl.range(kb0, kb0 + 8):
                            k0: pl.Scalar[pl.INDEX] = kb_3 * 128
                            x_chunk: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.slice(resid1_tile, [64, 128], [0, k0])
                            gamma: pl.Tensor[[1, 128], pl.FP32] = pl.tensor.slice(post_rms_weight, [1, 128], [0, k0])
                            normed: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(x_chunk, pl.tensor.reshape(inv_rms, [64, 1])), gamma)
                            normed_bf16: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.cast(normed, target_type=pl.BF16, mode='round')
                            post_norm_tile: pl.Tensor[[64, 7168], pl.BF16] = pl.tensor.assemble(post_norm_tile, normed_bf16, [0, k0])
                # Stage 4: MLP gate/up + SiLU -> mlp_tile.
                mlp_tile: pl.Tensor[[64, 18432], pl.BF16] = pl.tensor.create([64, 18432], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                for ob_1 in pl.range(144):
                    o0: pl.Scalar[pl.INDEX] = ob_1 * 128
                    # Gate matmul chain.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        pc0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(post_norm_tile, [64, 128], [0, 0])
                        wg0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_gate, [128, 128], [0, o0])
                        gate_acc: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul(pc0, wg0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        for kb_4 in pl.range(1, 56):
                            k0: pl.Scalar[pl.INDEX] = kb_4 * 128
                            pci: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(post_norm_tile, [64, 128], [0, k0])
                            wgi: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_gate, [128, 128], [k0, o0])
                            gate_acc: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul_acc(gate_acc, pci, wgi, a_trans=False, b_trans=False)
                    # Up matmul chain.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        pc0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(post_norm_tile, [64, 128], [0, 0])
                        wu0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_up, [128, 128], [0, o0])
                        up_acc: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul(pc0, wu0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        for kb_5 in pl.range(1, 56):
                            k0: pl.Scalar[pl.INDEX] = kb_5 * 128
                            pci: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(post_norm_tile, [64, 128], [0, k0])
                            wui: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_up, [128, 128], [k0, o0])
                            up_acc: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul_acc(up_acc, pci, wui, a_trans=False, b_trans=False)
                    # SiLU activation -> mlp_tile.
                    with pl.at(level=pl.Level.CORE_GROUP):
                        sigmoid: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.recip(pl.tensor.adds(pl.tensor.exp(pl.tensor.neg(gate_acc)), 1.0))
                        mlp_chunk: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.mul(pl.tensor.mul(gate_acc, sigmoid), up_acc)
                        mlp_tile: pl.Tensor[[64, 18432], pl.BF16] = pl.tensor.assemble(mlp_tile, pl.tensor.cast(mlp_chunk, target_type=pl.BF16, mode='round'), [0, o0])
                # Stage 5: Down projection + final residual -> BF16 output.
                for dob in pl.range(56):
                    d0: pl.Scalar[pl.INDEX] = dob * 128
                    with pl.at(level=pl.Level.CORE_GROUP):
                        mlp0: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(mlp_tile, [64, 128], [0, 0])
                        wd0: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_down, [128, 128], [0, d0])
                        down_acc: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul(mlp0, wd0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
                        for ob_2 in pl.range(1, 144):
                            o0: pl.Scalar[pl.INDEX] = ob_2 * 128
                            mlpi: pl.Tensor[[64, 128], pl.BF16] = pl.tensor.slice(mlp_tile, [64, 128], [0, o0])
                            wdi: pl.Tensor[[128, 128], pl.BF16] = pl.tensor.slice(w_down, [128, 128], [o0, d0])
                            down_acc: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.matmul_acc(down_acc, mlpi, wdi, a_trans=False, b_trans=False)
                    with pl.at(level=pl.Level.CORE_GROUP):
                        out_chunk: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.add(down_acc, pl.tensor.slice(resid1_tile, [64, 128], [0, d0]))
                        out: pl.Tensor[[1, 128, 7168], pl.BF16] = pl.tensor.assemble(out, pl.tensor.cast(out_chunk, target_type=pl.BF16, mode='round'), [b, p0, d0])
        return out
