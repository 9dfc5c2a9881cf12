# pypto.program: DeepSeekV32PrefillBack
import pypto.language as pl

@pl.program
class DeepSeekV32PrefillBack:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_0(attn_tile__ssa_v0: pl.Out[pl.Tensor[[64, 16384], pl.BF16]], combine_buf__ssa_v0: pl.Tensor[[128, 1, 128, 16384], pl.BF16], p0__ssa_v0: pl.Scalar[pl.INDEX], valid_tok__ssa_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 16384], pl.BF16]:
        for kb__idx_v0, (attn_tile__iter_v1,) in pl.range(128, init_values=(attn_tile__ssa_v0,)):
            k0__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            t__tile: pl.Tile[[1, 1, 64, 128], pl.BF16, pl.Mem.Vec, pl.TileView(valid_shape=[1, 1, valid_tok__ssa_v0, 128])] = pl.tile.load(combine_buf__ssa_v0, [0, 0, p0__ssa_v0, k0__ssa_v0], [1, 1, 64, 128], [1, 1, valid_tok__ssa_v0, 128], target_memory=pl.Mem.Vec)
            t__tile_1: pl.Tile[[1, 1, 64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 1, valid_tok__ssa_v0, 128])] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
            a_chunk_fp32__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[valid_tok__ssa_v0, 128])] = pl.tile.reshape(t__tile_1, [64, 128])
            a_chunk_bf16__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Vec, pl.TileView(valid_shape=[valid_tok__ssa_v0, 128])] = pl.tile.cast(a_chunk_fp32__tile, target_type=pl.BF16, mode='round')
            attn_tile__tile: pl.Tensor[[64, 16384], pl.BF16] = pl.tile.store(a_chunk_bf16__tile, [0, k0__ssa_v0], attn_tile__iter_v1)
            attn_tile__rv_v2: pl.Tensor[[64, 16384], pl.BF16] = pl.yield_(attn_tile__tile)
        return attn_tile__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_1(attn_tile__rv_v2: pl.Tensor[[64, 16384], pl.BF16], wo__ssa_v0: pl.Tensor[[16384, 7168], pl.BF16], o0__ssa_v0: pl.Scalar[pl.INDEX], resid1_tile__iter_v1: pl.Out[pl.Tensor[[64, 7168], pl.FP32]]) -> pl.Tensor[[64, 7168], pl.FP32]:
        tile_a__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(attn_tile__rv_v2, [0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        tile_w__tile: pl.Tile[[128, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wo__ssa_v0, [0, o0__ssa_v0], [128, 64], [128, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        o_acc__tile: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(tile_a__tile, tile_w__tile)
        for kb__idx_v0, (o_acc__iter_v1,) in pl.range(1, 128, init_values=(o_acc__tile,)):
            k0__ssa_v1: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            tile_a_i__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(attn_tile__rv_v2, [0, k0__ssa_v1], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            tile_w_i__tile: pl.Tile[[128, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wo__ssa_v0, [k0__ssa_v1, o0__ssa_v0], [128, 64], [128, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            o_acc__tile_1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(o_acc__iter_v1, tile_a_i__tile, tile_w_i__tile)
            o_acc__rv_v2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.yield_(o_acc__tile_1)
        resid1_tile__tile: pl.Tensor[[64, 7168], pl.FP32] = pl.tile.store(o_acc__rv_v2, [0, o0__ssa_v0], resid1_tile__iter_v1)
        return resid1_tile__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_2(hidden_states__ssa_v0: pl.Tensor[[1, 128, 7168], pl.BF16], p0__ssa_v0: pl.Scalar[pl.INDEX], o0__ssa_v0: pl.Scalar[pl.INDEX], valid_tok__ssa_v0: pl.Scalar[pl.INDEX], resid1_tile__ssa_v3: pl.InOut[pl.Tensor[[64, 7168], pl.FP32]]) -> pl.Tensor[[64, 7168], pl.FP32]:
        t__tile: pl.Tile[[1, 64, 64], pl.BF16, pl.Mem.Vec, pl.TileView(valid_shape=[1, valid_tok__ssa_v0, 64])] = pl.tile.load(hidden_states__ssa_v0, [0, p0__ssa_v0, o0__ssa_v0], [1, 64, 64], [1, valid_tok__ssa_v0, 64], target_memory=pl.Mem.Vec)
        t__tile_1: pl.Tile[[1, 64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, valid_tok__ssa_v0, 64])] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
        resid_chunk__tile: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[valid_tok__ssa_v0, 64])] = pl.tile.reshape(t__tile_1, [64, 64])
        mm_out__tile: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(resid1_tile__ssa_v3, [0, o0__ssa_v0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        resid_sum__tile: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(mm_out__tile, resid_chunk__tile)
        resid1_tile__tile: pl.Tensor[[64, 7168], pl.FP32] = pl.tile.store(resid_sum__tile, [0, o0__ssa_v0], resid1_tile__ssa_v3)
        return resid1_tile__ssa_v3
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_3(resid1_tile__rv_v2: pl.Tensor[[64, 7168], pl.FP32], ret0__out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        sq_sum__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 64], dtype=pl.FP32, value=0.0)
        for kb__idx_v0, (sq_sum__iter_v1,) in pl.range(56, init_values=(sq_sum__tile,)):
            k0__ssa_v2: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            x_chunk__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(resid1_tile__rv_v2, [0, k0__ssa_v2], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
            t__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_chunk__tile, x_chunk__tile)
            tmp_tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([64, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            t__tile_1: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile, tmp_tile)
            t__tile_2: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_1, [1, 64])
            sq_sum__tile_1: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(sq_sum__iter_v1, t__tile_2)
            sq_sum__rv_v2: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(sq_sum__tile_1)
        t__tile_3: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(sq_sum__rv_v2, 0.00013950892857142856)
        t__tile_4: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__tile_3, 9.9999999999999995e-07)
        inv_rms__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.rsqrt(t__tile_4)
        ret0__store: pl.Tensor[[1, 64], pl.FP32] = pl.tile.store(inv_rms__tile, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_4(post_norm_tile__iter_v1: pl.Out[pl.Tensor[[64, 7168], pl.BF16]], kb0__idx_v0: pl.Scalar[pl.INDEX], resid1_tile__rv_v2: pl.Tensor[[64, 7168], pl.FP32], post_rms_weight__ssa_v0: pl.Tensor[[1, 7168], pl.FP32], inv_rms__ssa_v0: pl.Tensor[[1, 64], pl.FP32]) -> pl.Tensor[[64, 7168], pl.BF16]:
        inv_rms__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(inv_rms__ssa_v0, [0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
        for kb__idx_v0, (post_norm_tile__iter_v3,) in pl.range(kb0__idx_v0, kb0__idx_v0 + 8, init_values=(post_norm_tile__iter_v1,)):
            k0__ssa_v3: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            x_chunk__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(resid1_tile__rv_v2, [0, k0__ssa_v3], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
            gamma__tile: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(post_rms_weight__ssa_v0, [0, k0__ssa_v3], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
            t__tile: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(inv_rms__tile, [64, 1])
            t__tile_1: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x_chunk__tile, t__tile)
            normed__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(t__tile_1, gamma__tile)
            normed_bf16__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(normed__tile, target_type=pl.BF16, mode='round')
            post_norm_tile__tile: pl.Tensor[[64, 7168], pl.BF16] = pl.tile.store(normed_bf16__tile, [0, k0__ssa_v3], post_norm_tile__iter_v3)
            post_norm_tile__rv_v4: pl.Tensor[[64, 7168], pl.BF16] = pl.yield_(post_norm_tile__tile)
        return post_norm_tile__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_5(post_norm_tile__rv_v2: pl.Tensor[[64, 7168], pl.BF16], w_gate__ssa_v0: pl.Tensor[[7168, 18432], pl.BF16], o0__ssa_v1: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        pc0__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(post_norm_tile__rv_v2, [0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wg0__tile: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_gate__ssa_v0, [0, o0__ssa_v1], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        gate_acc__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(pc0__tile, wg0__tile)
        for kb__idx_v0, (gate_acc__iter_v1,) in pl.range(1, 56, init_values=(gate_acc__tile,)):
            k0__ssa_v4: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            pci__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(post_norm_tile__rv_v2, [0, k0__ssa_v4], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wgi__tile: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_gate__ssa_v0, [k0__ssa_v4, o0__ssa_v1], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            gate_acc__tile_1: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(gate_acc__iter_v1, pci__tile, wgi__tile)
            gate_acc__rv_v2: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc] = pl.yield_(gate_acc__tile_1)
        ret0__store: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(gate_acc__rv_v2, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_6(post_norm_tile__rv_v2: pl.Tensor[[64, 7168], pl.BF16], w_up__ssa_v0: pl.Tensor[[7168, 18432], pl.BF16], o0__ssa_v1: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        pc0__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(post_norm_tile__rv_v2, [0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wu0__tile: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_up__ssa_v0, [0, o0__ssa_v1], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        up_acc__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(pc0__tile, wu0__tile)
        for kb__idx_v0, (up_acc__iter_v1,) in pl.range(1, 56, init_values=(up_acc__tile,)):
            k0__ssa_v5: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            pci__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(post_norm_tile__rv_v2, [0, k0__ssa_v5], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wui__tile: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_up__ssa_v0, [k0__ssa_v5, o0__ssa_v1], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            up_acc__tile_1: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(up_acc__iter_v1, pci__tile, wui__tile)
            up_acc__rv_v2: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc] = pl.yield_(up_acc__tile_1)
        ret0__store: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(up_acc__rv_v2, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_7(gate_acc__rv_v2: pl.Tensor[[64, 128], pl.FP32], up_acc__rv_v2: pl.Tensor[[64, 128], pl.FP32], mlp_tile__iter_v1: pl.Out[pl.Tensor[[64, 18432], pl.BF16]], o0__ssa_v1: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 18432], pl.BF16]:
        gate_acc__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(gate_acc__rv_v2, [0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
        up_acc__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(up_acc__rv_v2, [0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.neg(gate_acc__tile)
        t__tile_1: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__tile)
        t__tile_2: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__tile_1, 1.0)
        sigmoid__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.recip(t__tile_2)
        t__tile_3: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.mul(gate_acc__tile, sigmoid__tile)
        mlp_chunk__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.mul(t__tile_3, up_acc__tile)
        t__tile_4: pl.Tile[[64, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(mlp_chunk__tile, target_type=pl.BF16, mode='round')
        mlp_tile__tile: pl.Tensor[[64, 18432], pl.BF16] = pl.tile.store(t__tile_4, [0, o0__ssa_v1], mlp_tile__iter_v1)
        return mlp_tile__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_8(mlp_tile__rv_v2: pl.Tensor[[64, 18432], pl.BF16], w_down__ssa_v0: pl.Tensor[[18432, 7168], pl.BF16], d0__ssa_v0: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        mlp0__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(mlp_tile__rv_v2, [0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wd0__tile: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_down__ssa_v0, [0, d0__ssa_v0], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        down_acc__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(mlp0__tile, wd0__tile)
        for ob__idx_v0, (down_acc__iter_v1,) in pl.range(1, 144, init_values=(down_acc__tile,)):
            o0__ssa_v2: pl.Scalar[pl.INDEX] = ob__idx_v0 * 128
            mlpi__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(mlp_tile__rv_v2, [0, o0__ssa_v2], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wdi__tile: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_down__ssa_v0, [o0__ssa_v2, d0__ssa_v0], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            down_acc__tile_1: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(down_acc__iter_v1, mlpi__tile, wdi__tile)
            down_acc__rv_v2: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc] = pl.yield_(down_acc__tile_1)
        ret0__store: pl.Tensor[[64, 128], pl.FP32] = pl.tile.store(down_acc__rv_v2, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def deepseek_v3_2_prefill_back_layer_incore_9(resid1_tile__rv_v2: pl.Tensor[[64, 7168], pl.FP32], d0__ssa_v0: pl.Scalar[pl.INDEX], down_acc__rv_v2: pl.Tensor[[64, 128], pl.FP32], out__iter_v5: pl.Out[pl.Tensor[[1, 128, 7168], pl.BF16]], p0__ssa_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[1, 128, 7168], pl.BF16]:
        down_acc__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(down_acc__rv_v2, [0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(resid1_tile__rv_v2, [0, d0__ssa_v0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
        out_chunk__tile: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(down_acc__tile, t__tile)
        t__tile_1: pl.Tile[[64, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(out_chunk__tile, target_type=pl.BF16, mode='round')
        out__tile: pl.Tensor[[1, 128, 7168], pl.BF16] = pl.tile.store(t__tile_1, [0, p0__ssa_v0, d0__ssa_v0], out__iter_v5)
        return out__iter_v5
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
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
                attn_tile__rv_v2: pl.Tensor[[64, 16384], pl.BF16] = self.deepseek_v3_2_prefill_back_layer_incore_0(attn_tile__ssa_v0, combine_buf__ssa_v0, p0__ssa_v0, valid_tok__ssa_v0)
                # Stage 2: Output projection + first residual.
                for ob__idx_v0, (resid1_tile__iter_v1,) in pl.range(112, init_values=(resid1_tile__ssa_v0,)):
                    o0__ssa_v0: pl.Scalar[pl.INDEX] = ob__idx_v0 * 64
                    resid1_tile__ssa_v3: pl.Tensor[[64, 7168], pl.FP32] = self.deepseek_v3_2_prefill_back_layer_incore_1(attn_tile__rv_v2, wo__ssa_v0, o0__ssa_v0, resid1_tile__iter_v1)
                    resid1_tile__ssa_v4: pl.Tensor[[64, 7168], pl.FP32] = self.deepseek_v3_2_prefill_back_layer_incore_2(hidden_states__ssa_v0, p0__ssa_v0, o0__ssa_v0, valid_tok__ssa_v0, resid1_tile__ssa_v3)
                    resid1_tile__rv_v2: pl.Tensor[[64, 7168], pl.FP32] = pl.yield_(resid1_tile__ssa_v4)
                # Stage 3: Post-attention RMSNorm.
                post_norm_tile__ssa_v0: pl.Tensor[[64, 7168], pl.BF16] = pl.tensor.create([64, 7168], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                ret0__out: pl.Tensor[[1, 64], pl.FP32] = pl.tensor.create([1, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                inv_rms__ssa_v0: pl.Tensor[[1, 64], pl.FP32] = self.deepseek_v3_2_prefill_back_layer_incore_3(resid1_tile__rv_v2, ret0__out)
                # 3b: Normalize + gamma. Chunk HIDDEN // K_TILE across cores; each
                # core scope handles NORM_TILE contiguous blocks.
                for kb0__idx_v0, (post_norm_tile__iter_v1,) in pl.parallel(0, 56, 8, init_values=(post_norm_tile__ssa_v0,)):
                    post_norm_tile__rv_v4: pl.Tensor[[64, 7168], pl.BF16] = self.deepseek_v3_2_prefill_back_layer_incore_4(post_norm_tile__iter_v1, kb0__idx_v0, resid1_tile__rv_v2, post_rms_weight__ssa_v0, inv_rms__ssa_v0)
                    post_norm_tile__rv_v2: pl.Tensor[[64, 7168], pl.BF16] = pl.yield_(post_norm_tile__rv_v4)
                # Stage 4: MLP gate/up + SiLU -> mlp_tile.
                mlp_tile__ssa_v0: pl.Tensor[[64, 18432], pl.BF16] = pl.tensor.create([64, 18432], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                for ob__idx_v0_1, (mlp_tile__iter_v1,) in pl.range(144, init_values=(mlp_tile__ssa_v0,)):
                    o0__ssa_v1: pl.Scalar[pl.INDEX] = ob__idx_v0_1 * 128
                    ret0__out_1: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.create([64, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    gate_acc__rv_v2: pl.Tensor[[64, 128], pl.FP32] = self.deepseek_v3_2_prefill_back_layer_incore_5(post_norm_tile__rv_v2, w_gate__ssa_v0, o0__ssa_v1, ret0__out_1)
                    ret0__out_2: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.create([64, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    up_acc__rv_v2: pl.Tensor[[64, 128], pl.FP32] = self.deepseek_v3_2_prefill_back_layer_incore_6(post_norm_tile__rv_v2, w_up__ssa_v0, o0__ssa_v1, ret0__out_2)
                    mlp_tile__ssa_v3: pl.Tensor[[64, 18432], pl.BF16] = self.deepseek_v3_2_prefill_back_layer_incore_7(gate_acc__rv_v2, up_acc__rv_v2, mlp_tile__iter_v1, o0__ssa_v1)
                    mlp_tile__rv_v2: pl.Tensor[[64, 18432], pl.BF16] = pl.yield_(mlp_tile__ssa_v3)
                # Stage 5: Down projection + final residual -> BF16 output.
                for dob__idx_v0, (out__iter_v5,) in pl.range(56, init_values=(out__iter_v3,)):
                    d0__ssa_v0: pl.Scalar[pl.INDEX] = dob__idx_v0 * 128
                    ret0__out_3: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.create([64, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    down_acc__rv_v2: pl.Tensor[[64, 128], pl.FP32] = self.deepseek_v3_2_prefill_back_layer_incore_8(mlp_tile__rv_v2, w_down__ssa_v0, d0__ssa_v0, ret0__out_3)
                    out__ssa_v7: pl.Tensor[[1, 128, 7168], pl.BF16] = self.deepseek_v3_2_prefill_back_layer_incore_9(resid1_tile__rv_v2, d0__ssa_v0, down_acc__rv_v2, out__iter_v5, p0__ssa_v0)
                    out__rv_v6: pl.Tensor[[1, 128, 7168], pl.BF16] = pl.yield_(out__ssa_v7)
                out__rv_v4: pl.Tensor[[1, 128, 7168], pl.BF16] = pl.yield_(out__rv_v6)
            out__rv_v2: pl.Tensor[[1, 128, 7168], pl.BF16] = pl.yield_(out__rv_v4)
        return out__rv_v2
