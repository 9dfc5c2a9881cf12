# pypto.program: Qwen3Scope3
import pypto.language as pl

@pl.program
class Qwen3Scope3:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def final_resid_block(down_proj_gm__ssa_v0: pl.Tensor[[16, 5120], pl.FP32], resid1_gm__ssa_v0: pl.Tensor[[16, 5120], pl.FP32], b0__ssa_v0: pl.Scalar[pl.INDEX], o0__ssa_v0: pl.Scalar[pl.INDEX], out__ssa_v0: pl.Out[pl.Tensor[[16, 5120], pl.BF16]]) -> pl.Tensor[[16, 5120], pl.BF16]:
        t__tmp_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.slice(down_proj_gm__ssa_v0, [16, 128], [0, o0__ssa_v0])
        t__tmp_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.slice(resid1_gm__ssa_v0, [16, 128], [0, o0__ssa_v0])
        # Final residual add (down_proj + resid1) for one K_CHUNK block.
        down_acc__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.add(t__tmp_v0, t__tmp_v1)
        t__tmp_v2: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.cast(down_acc__ssa_v0, target_type=pl.BF16, mode='round')
        out__ssa_v1: pl.Tensor[[16, 5120], pl.BF16] = pl.tensor.assemble(out__ssa_v0, t__tmp_v2, [b0__ssa_v0, o0__ssa_v0])
        return out__ssa_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mlp_block(post_norm_gm__ssa_v0: pl.Tensor[[16, 5120], pl.BF16], w_gate__ssa_v0: pl.Tensor[[5120, 25600], pl.BF16], w_up__ssa_v0: pl.Tensor[[5120, 25600], pl.BF16], w_down__ssa_v0: pl.Tensor[[25600, 5120], pl.BF16], o0__ssa_v0: pl.Scalar[pl.INDEX], down_proj_gm__ssa_v0: pl.Out[pl.Tensor[[16, 5120], pl.FP32]]) -> pl.Tensor[[16, 5120], pl.FP32]:
        # SwiGLU MLP for one intermediate block, accumulated into down_proj.
        gate_acc__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0)
        up_acc__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0)
        for kb__idx_v0, (gate_acc__iter_v1, up_acc__iter_v1) in pl.range(40, init_values=(gate_acc__ssa_v0, up_acc__ssa_v0)):
            k0__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            post_chunk__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(post_norm_gm__ssa_v0, [16, 128], [0, k0__ssa_v0])
            wg__ssa_v0: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(w_gate__ssa_v0, [128, 64], [k0__ssa_v0, o0__ssa_v0])
            wu__ssa_v0: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(w_up__ssa_v0, [128, 64], [k0__ssa_v0, o0__ssa_v0])
            t__tmp_v0: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.matmul(post_chunk__ssa_v0, wg__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False)
            gate_acc__ssa_v3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.add(gate_acc__iter_v1, t__tmp_v0)
            t__tmp_v1: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.matmul(post_chunk__ssa_v0, wu__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False)
            up_acc__ssa_v3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.add(up_acc__iter_v1, t__tmp_v1)
            gate_acc__rv_v2, up_acc__rv_v2 = pl.yield_(gate_acc__ssa_v3, up_acc__ssa_v3)
        t__tmp_v2: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.neg(gate_acc__rv_v2)
        t__tmp_v3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(t__tmp_v2)
        t__tmp_v4: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.adds(t__tmp_v3, 1.0)
        sigmoid__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.recip(t__tmp_v4)
        t__tmp_v5: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.mul(gate_acc__rv_v2, sigmoid__ssa_v0)
        mlp_chunk__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.mul(t__tmp_v5, up_acc__rv_v2)
        mlp_chunk_bf16__ssa_v0: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.cast(mlp_chunk__ssa_v0, target_type=pl.BF16, mode='round')
        for dob__idx_v0, (down_proj_gm__iter_v1,) in pl.range(40, init_values=(down_proj_gm__ssa_v0,)):
            d0__ssa_v0: pl.Scalar[pl.INDEX] = dob__idx_v0 * 128
            for doff__idx_v0, (down_proj_gm__iter_v3,) in pl.range(0, 128, 64, init_values=(down_proj_gm__iter_v1,)):
                d1__ssa_v0: pl.Scalar[pl.INDEX] = d0__ssa_v0 + doff__idx_v0
                down_prev__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.slice(down_proj_gm__iter_v3, [16, 64], [0, d1__ssa_v0])
                w_down_chunk__ssa_v0: pl.Tensor[[64, 64], pl.BF16] = pl.tensor.slice(w_down__ssa_v0, [64, 64], [o0__ssa_v0, d1__ssa_v0])
                t__tmp_v6: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.matmul(mlp_chunk_bf16__ssa_v0, w_down_chunk__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False)
                down_next__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.add(down_prev__ssa_v0, t__tmp_v6)
                down_proj_gm__ssa_v5: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.assemble(down_proj_gm__iter_v3, down_next__ssa_v0, [0, d1__ssa_v0])
                down_proj_gm__rv_v4: pl.Tensor[[16, 5120], pl.FP32] = pl.yield_(down_proj_gm__ssa_v5)
            down_proj_gm__rv_v2: pl.Tensor[[16, 5120], pl.FP32] = pl.yield_(down_proj_gm__rv_v4)
        return down_proj_gm__rv_v2
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def oproj_block(attn_out__ssa_v0: pl.Tensor[[16, 5120], pl.BF16], wo__ssa_v0: pl.Tensor[[5120, 5120], pl.BF16], hidden_states__ssa_v0: pl.Tensor[[16, 5120], pl.BF16], b0__ssa_v0: pl.Scalar[pl.INDEX], o0__ssa_v0: pl.Scalar[pl.INDEX], resid1_gm__ssa_v0: pl.Out[pl.Tensor[[16, 5120], pl.FP32]]) -> pl.Tensor[[16, 5120], pl.FP32]:
        # Output projection + residual for one Q_OUT_CHUNK output block.
        o_acc__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0)
        for kb__idx_v0, (o_acc__iter_v1,) in pl.range(40, init_values=(o_acc__ssa_v0,)):
            k0__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            a_chunk__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(attn_out__ssa_v0, [16, 128], [b0__ssa_v0, k0__ssa_v0])
            w_chunk__ssa_v0: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wo__ssa_v0, [128, 64], [k0__ssa_v0, o0__ssa_v0])
            t__tmp_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.matmul(a_chunk__ssa_v0, w_chunk__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            o_acc__ssa_v3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.add(o_acc__iter_v1, t__tmp_v0)
            o_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(o_acc__ssa_v3)
        t__tmp_v1: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.slice(hidden_states__ssa_v0, [16, 64], [b0__ssa_v0, o0__ssa_v0])
        resid__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.cast(t__tmp_v1, target_type=pl.FP32, mode='round')
        t__tmp_v2: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.add(o_acc__rv_v2, resid__ssa_v0)
        resid1_gm__ssa_v1: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.assemble(resid1_gm__ssa_v0, t__tmp_v2, [0, o0__ssa_v0])
        return resid1_gm__ssa_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def postnorm_block(resid1_gm__ssa_v0: pl.Tensor[[16, 5120], pl.FP32], inv_rms_gm__ssa_v0: pl.Tensor[[1, 16], pl.FP32], post_rms_weight__ssa_v0: pl.Tensor[[1, 5120], pl.FP32], k0__ssa_v0: pl.Scalar[pl.INDEX], post_norm_gm__ssa_v0: pl.Out[pl.Tensor[[16, 5120], pl.BF16]]) -> pl.Tensor[[16, 5120], pl.BF16]:
        # Apply RMSNorm scale + gamma to one K_CHUNK block, cast to BF16.
        x_chunk__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.slice(resid1_gm__ssa_v0, [16, 128], [0, k0__ssa_v0])
        gamma__ssa_v0: pl.Tensor[[1, 128], pl.FP32] = pl.tensor.slice(post_rms_weight__ssa_v0, [1, 128], [0, k0__ssa_v0])
        inv_rms__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.slice(inv_rms_gm__ssa_v0, [1, 16], [0, 0])
        t__tmp_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.reshape(inv_rms__ssa_v0, [16, 1])
        t__tmp_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.row_expand_mul(x_chunk__ssa_v0, t__tmp_v0)
        normed__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.col_expand_mul(t__tmp_v1, gamma__ssa_v0)
        t__tmp_v2: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.cast(normed__ssa_v0, target_type=pl.BF16, mode='round')
        post_norm_gm__ssa_v1: pl.Tensor[[16, 5120], pl.BF16] = pl.tensor.assemble(post_norm_gm__ssa_v0, t__tmp_v2, [0, k0__ssa_v0])
        return post_norm_gm__ssa_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def rmsnorm(resid1_gm__ssa_v0: pl.Tensor[[16, 5120], pl.FP32], inv_rms_gm__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.FP32]]) -> pl.Tensor[[1, 16], pl.FP32]:
        # Post-attention RMSNorm reciprocal-RMS over the full resid1 row.
        sq_sum__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
        for kb__idx_v0, (sq_sum__iter_v1,) in pl.range(40, init_values=(sq_sum__ssa_v0,)):
            k0__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            x_chunk__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.slice(resid1_gm__ssa_v0, [16, 128], [0, k0__ssa_v0])
            t__tmp_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.mul(x_chunk__ssa_v0, x_chunk__ssa_v0)
            t__tmp_v1: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_sum(t__tmp_v0)
            t__tmp_v2: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.reshape(t__tmp_v1, [1, 16])
            sq_sum__ssa_v3: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(sq_sum__iter_v1, t__tmp_v2)
            sq_sum__rv_v2: pl.Tensor[[1, 16], pl.FP32] = pl.yield_(sq_sum__ssa_v3)
        t__tmp_v3: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.muls(sq_sum__rv_v2, 0.00019531250000000001)
        t__tmp_v4: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.adds(t__tmp_v3, 9.9999999999999995e-07)
        inv_rms__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.rsqrt(t__tmp_v4)
        inv_rms_gm__ssa_v1: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.assemble(inv_rms_gm__ssa_v0, inv_rms__ssa_v0, [0, 0])
        return inv_rms_gm__ssa_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def zero_down(down_proj_gm__ssa_v0: pl.Out[pl.Tensor[[16, 5120], pl.FP32]]) -> pl.Tensor[[16, 5120], pl.FP32]:
        # Zero-initialise the down-projection accumulator in GM.
        for zi__idx_v0, (down_proj_gm__iter_v1,) in pl.range(40, init_values=(down_proj_gm__ssa_v0,)):
            z0__ssa_v0: pl.Scalar[pl.INDEX] = zi__idx_v0 * 128
            down_zero_chunk__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.full([16, 128], dtype=pl.FP32, value=0.0)
            down_proj_gm__ssa_v3: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.assemble(down_proj_gm__iter_v1, down_zero_chunk__ssa_v0, [0, z0__ssa_v0])
            down_proj_gm__rv_v2: pl.Tensor[[16, 5120], pl.FP32] = pl.yield_(down_proj_gm__ssa_v3)
        return down_proj_gm__rv_v2
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def scope3(self, attn_out__ssa_v0: pl.Tensor[[16, 5120], pl.BF16], hidden_states__ssa_v0: pl.Tensor[[16, 5120], pl.BF16], wo__ssa_v0: pl.Tensor[[5120, 5120], pl.BF16], post_rms_weight__ssa_v0: pl.Tensor[[1, 5120], pl.FP32], w_gate__ssa_v0: pl.Tensor[[5120, 25600], pl.BF16], w_up__ssa_v0: pl.Tensor[[5120, 25600], pl.BF16], w_down__ssa_v0: pl.Tensor[[25600, 5120], pl.BF16], out__ssa_v0: pl.Out[pl.Tensor[[16, 5120], pl.BF16]]) -> pl.Tensor[[16, 5120], pl.BF16]:
        # Large per-tile intermediates live in GM, threaded across kernels.
        resid1_gm__ssa_v0: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.create([16, 5120], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        inv_rms_gm__ssa_v0: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.create([1, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        post_norm_gm__ssa_v0: pl.Tensor[[16, 5120], pl.BF16] = pl.tensor.create([16, 5120], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        down_proj_gm__ssa_v0: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.create([16, 5120], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        # Output projection: attn_out × wo + residual, tiled by Q_OUT_CHUNK.
        for ob__idx_v0, (resid1_gm__iter_v1,) in pl.range(80, init_values=(resid1_gm__ssa_v0,)):
            o0__ssa_v0: pl.Scalar[pl.INDEX] = ob__idx_v0 * 64
            resid1_gm__ssa_v3: pl.Tensor[[16, 5120], pl.FP32] = self.oproj_block(attn_out__ssa_v0, wo__ssa_v0, hidden_states__ssa_v0, 0, o0__ssa_v0, resid1_gm__iter_v1)
            resid1_gm__rv_v2: pl.Tensor[[16, 5120], pl.FP32] = pl.yield_(resid1_gm__ssa_v3)
        inv_rms_gm__ssa_v1: pl.Tensor[[1, 16], pl.FP32] = self.rmsnorm(resid1_gm__rv_v2, inv_rms_gm__ssa_v0)
        # Post-attention RMSNorm, tiled by K_CHUNK.
        for kb__idx_v0, (post_norm_gm__iter_v1,) in pl.range(40, init_values=(post_norm_gm__ssa_v0,)):
            k0__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            post_norm_gm__ssa_v3: pl.Tensor[[16, 5120], pl.BF16] = self.postnorm_block(resid1_gm__rv_v2, inv_rms_gm__ssa_v1, post_rms_weight__ssa_v0, k0__ssa_v0, post_norm_gm__iter_v1)
            post_norm_gm__rv_v2: pl.Tensor[[16, 5120], pl.BF16] = pl.yield_(post_norm_gm__ssa_v3)
        down_proj_gm__ssa_v1: pl.Tensor[[16, 5120], pl.FP32] = self.zero_down(down_proj_gm__ssa_v0)
        # SwiGLU MLP + down projection, tiled by MLP_OUT_CHUNK.
        for ob__idx_v0_1, (down_proj_gm__iter_v2,) in pl.range(400, init_values=(down_proj_gm__ssa_v1,)):
            o0__ssa_v1: pl.Scalar[pl.INDEX] = ob__idx_v0_1 * 64
            down_proj_gm__ssa_v4: pl.Tensor[[16, 5120], pl.FP32] = self.mlp_block(post_norm_gm__rv_v2, w_gate__ssa_v0, w_up__ssa_v0, w_down__ssa_v0, o0__ssa_v1, down_proj_gm__iter_v2)
            down_proj_gm__rv_v3: pl.Tensor[[16, 5120], pl.FP32] = pl.yield_(down_proj_gm__ssa_v4)
        # Final residual: down_proj + resid1, write to output.
        for ob__idx_v0_2, (out__iter_v3,) in pl.range(40, init_values=(out__ssa_v0,)):
            o0__ssa_v2: pl.Scalar[pl.INDEX] = ob__idx_v0_2 * 128
            out__ssa_v5: pl.Tensor[[16, 5120], pl.BF16] = self.final_resid_block(down_proj_gm__rv_v3, resid1_gm__rv_v2, 0, o0__ssa_v2, out__iter_v3)
            out__rv_v4: pl.Tensor[[16, 5120], pl.BF16] = pl.yield_(out__ssa_v5)
        return out__rv_v4
