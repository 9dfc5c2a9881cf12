# pypto.program: Qwen3Scope3
import pypto.language as pl

@pl.program
class Qwen3Scope3:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def final_resid_block(down_proj_gm: pl.Tensor[[16, 5120], pl.FP32], resid1_gm: pl.Tensor[[16, 5120], pl.FP32], b0: pl.Scalar[pl.INDEX], o0: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 5120], pl.BF16]]) -> pl.Tensor[[16, 5120], pl.BF16]:
        # Final residual add (down_proj + resid1) for one K_CHUNK block.
        down_acc: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.add(pl.tensor.slice(down_proj_gm, [16, 128], [0, o0]), pl.tensor.slice(resid1_gm, [16, 128], [0, o0]))
        out: pl.Tensor[[16, 5120], pl.BF16] = pl.tensor.assemble(out, pl.tensor.cast(down_acc, target_type=pl.BF16, mode='round'), [b0, o0])
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mlp_block(post_norm_gm: pl.Tensor[[16, 5120], pl.BF16], w_gate: pl.Tensor[[5120, 25600], pl.BF16], w_up: pl.Tensor[[5120, 25600], pl.BF16], w_down: pl.Tensor[[25600, 5120], pl.BF16], o0: pl.Scalar[pl.INDEX], down_proj_gm: pl.Out[pl.Tensor[[16, 5120], pl.FP32]]) -> pl.Tensor[[16, 5120], pl.FP32]:
        # SwiGLU MLP for one intermediate block, accumulated into down_proj.
        gate_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0)
        up_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0)
        for kb in pl.range(40):
            k0: pl.Scalar[pl.INDEX] = kb * 128
            post_chunk: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(post_norm_gm, [16, 128], [0, k0])
            wg: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(w_gate, [128, 64], [k0, o0])
            wu: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(w_up, [128, 64], [k0, o0])
            gate_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.add(gate_acc, pl.tensor.matmul(post_chunk, wg, a_trans=False, b_trans=False, c_matrix_nz=False))
            up_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.add(up_acc, pl.tensor.matmul(post_chunk, wu, a_trans=False, b_trans=False, c_matrix_nz=False))
        sigmoid: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.recip(pl.tensor.adds(pl.tensor.exp(pl.tensor.neg(gate_acc)), 1.0))
        mlp_chunk: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.mul(pl.tensor.mul(gate_acc, sigmoid), up_acc)
        mlp_chunk_bf16: pl.Tensor[[16, 64], pl.BF16] = pl.tensor.cast(mlp_chunk, target_type=pl.BF16, mode='round')
        for dob in pl.range(40):
            d0: pl.Scalar[pl.INDEX] = dob * 128
            for doff in pl.range(0, 128, 64):
                d1: pl.Scalar[pl.INDEX] = d0 + doff
                down_prev: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.slice(down_proj_gm, [16, 64], [0, d1])
                w_down_chunk: pl.Tensor[[64, 64], pl.BF16] = pl.tensor.slice(w_down, [64, 64], [o0, d1])
                down_next: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.add(down_prev, pl.tensor.matmul(mlp_chunk_bf16, w_down_chunk, a_trans=False, b_trans=False, c_matrix_nz=False))
                down_proj_gm: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.assemble(down_proj_gm, down_next, [0, d1])
        return down_proj_gm
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def oproj_block(attn_out: pl.Tensor[[16, 5120], pl.BF16], wo: pl.Tensor[[5120, 5120], pl.BF16], hidden_states: pl.Tensor[[16, 5120], pl.BF16], b0: pl.Scalar[pl.INDEX], o0: pl.Scalar[pl.INDEX], resid1_gm: pl.Out[pl.Tensor[[16, 5120], pl.FP32]]) -> pl.Tensor[[16, 5120], pl.FP32]:
        # Output projection + residual for one Q_OUT_CHUNK output block.
        o_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.full([16, 64], dtype=pl.FP32, value=0.0)
        for kb in pl.range(40):
            k0: pl.Scalar[pl.INDEX] = kb * 128
            a_chunk: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(attn_out, [16, 128], [b0, k0])
            w_chunk: pl.Tensor[[128, 64], pl.BF16] = pl.tensor.slice(wo, [128, 64], [k0, o0])
            o_acc: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.add(o_acc, pl.tensor.matmul(a_chunk, w_chunk, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32))
        resid: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.cast(pl.tensor.slice(hidden_states, [16, 64], [b0, o0]), target_type=pl.FP32, mode='round')
        resid1_gm: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.assemble(resid1_gm, pl.tensor.add(o_acc, resid), [0, o0])
        return resid1_gm
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def postnorm_block(resid1_gm: pl.Tensor[[16, 5120], pl.FP32], inv_rms_gm: pl.Tensor[[1, 16], pl.FP32], post_rms_weight: pl.Tensor[[1, 5120], pl.FP32], k0: pl.Scalar[pl.INDEX], post_norm_gm: pl.Out[pl.Tensor[[16, 5120], pl.BF16]]) -> pl.Tensor[[16, 5120], pl.BF16]:
        # Apply RMSNorm scale + gamma to one K_CHUNK block, cast to BF16.
        x_chunk: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.slice(resid1_gm, [16, 128], [0, k0])
        gamma: pl.Tensor[[1, 128], pl.FP32] = pl.tensor.slice(post_rms_weight, [1, 128], [0, k0])
        inv_rms: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.slice(inv_rms_gm, [1, 16], [0, 0])
        normed: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.col_expand_mul(pl.tensor.row_expand_mul(x_chunk, pl.tensor.reshape(inv_rms, [16, 1])), gamma)
        post_norm_gm: pl.Tensor[[16, 5120], pl.BF16] = pl.tensor.assemble(post_norm_gm, pl.tensor.cast(normed, target_type=pl.BF16, mode='round'), [0, k0])
        return post_norm_gm
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def rmsnorm(resid1_gm: pl.Tensor[[16, 5120], pl.FP32], inv_rms_gm: pl.Out[pl.Tensor[[1, 16], pl.FP32]]) -> pl.Tensor[[1, 16], pl.FP32]:
        # Post-attention RMSNorm reciprocal-RMS over the full resid1 row.
        sq_sum: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.full([1, 16], dtype=pl.FP32, value=0.0)
        for kb in pl.range(40):
            k0: pl.Scalar[pl.INDEX] = kb * 128
            x_chunk: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.slice(resid1_gm, [16, 128], [0, k0])
            sq_sum: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.add(sq_sum, pl.tensor.reshape(pl.tensor.row_sum(pl.tensor.mul(x_chunk, x_chunk)), [1, 16]))
        inv_rms: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.rsqrt(pl.tensor.adds(pl.tensor.muls(sq_sum, 0.00019531250000000001), 9.9999999999999995e-07))
        inv_rms_gm: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.assemble(inv_rms_gm, inv_rms, [0, 0])
        return inv_rms_gm
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def zero_down(down_proj_gm: pl.Out[pl.Tensor[[16, 5120], pl.FP32]]) -> pl.Tensor[[16, 5120], pl.FP32]:
        # Zero-initialise the down-projection accumulator in GM.
        for zi in pl.range(40):
            z0: pl.Scalar[pl.INDEX] = zi * 128
            down_zero_chunk: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.full([16, 128], dtype=pl.FP32, value=0.0)
            down_proj_gm: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.assemble(down_proj_gm, down_zero_chunk, [0, z0])
        return down_proj_gm
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def scope3(self, attn_out: pl.Tensor[[16, 5120], pl.BF16], hidden_states: pl.Tensor[[16, 5120], pl.BF16], wo: pl.Tensor[[5120, 5120], pl.BF16], post_rms_weight: pl.Tensor[[1, 5120], pl.FP32], w_gate: pl.Tensor[[5120, 25600], pl.BF16], w_up: pl.Tensor[[5120, 25600], pl.BF16], w_down: pl.Tensor[[25600, 5120], pl.BF16], out: pl.Out[pl.Tensor[[16, 5120], pl.BF16]]) -> pl.Tensor[[16, 5120], pl.BF16]:
        for b0 in pl.range(0, 16, 16):
            # Large per-tile intermediates live in GM, threaded across kernels.
            resid1_gm: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.create([16, 5120], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            inv_rms_gm: pl.Tensor[[1, 16], pl.FP32] = pl.tensor.create([1, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            post_norm_gm: pl.Tensor[[16, 5120], pl.BF16] = pl.tensor.create([16, 5120], dtype=pl.BF16, layout=pl.TensorLayout.ND)
            down_proj_gm: pl.Tensor[[16, 5120], pl.FP32] = pl.tensor.create([16, 5120], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            # Output projection: attn_out × wo + residual, tiled by Q_OUT_CHUNK.
            for ob in pl.range(80):
                o0: pl.Scalar[pl.INDEX] = ob * 64
                resid1_gm: pl.Tensor[[16, 5120], pl.FP32] = self.oproj_block(attn_out, wo, hidden_states, b0, o0, resid1_gm)
            inv_rms_gm: pl.Tensor[[1, 16], pl.FP32] = self.rmsnorm(resid1_gm, inv_rms_gm)
            # Post-attention RMSNorm, tiled by K_CHUNK.
            for kb in pl.range(40):
                k0: pl.Scalar[pl.INDEX] = kb * 128
                post_norm_gm: pl.Tensor[[16, 5120], pl.BF16] = self.postnorm_block(resid1_gm, inv_rms_gm, post_rms_weight, k0, post_norm_gm)
            down_proj_gm: pl.Tensor[[16, 5120], pl.FP32] = self.zero_down(down_proj_gm)
            # SwiGLU MLP + down projection, tiled by MLP_OUT_CHUNK.
            for ob_1 in pl.range(400):
                o0: pl.Scalar[pl.INDEX] = ob_1 * 64
                down_proj_gm: pl.Tensor[[16, 5120], pl.FP32] = self.mlp_block(post_norm_gm, w_gate, w_up, w_down, o0, down_proj_gm)
            # Final residual: down_proj + resid1, write to output.
            for ob_2 in pl.range(40):
                o0: pl.Scalar[pl.INDEX] = ob_2 * 128
                out: pl.Tensor[[16, 5120], pl.BF16] = self.final_resid_block(down_proj_gm, resid1_gm, b0, o0, out)
        return out
