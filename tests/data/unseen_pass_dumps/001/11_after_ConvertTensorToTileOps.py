# pypto.program: Qwen3Decode
import pypto.language as pl

@pl.program
class Qwen3Decode:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def down_proj(mlp_tile__rv_v2: pl.Tensor[[100, 1, 16, 256], pl.BF16], w_down__ssa_v0: pl.Tensor[[400, 16, 64, 512], pl.BF16], di__idx_v0: pl.Scalar[pl.INDEX], down_proj_tile__iter_v1: pl.Out[pl.Tensor[[16, 1, 16, 512], pl.FP32]]) -> pl.Tensor[[16, 1, 16, 512], pl.FP32]:
        down_a0__tile: pl.Tile[[1, 1, 16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(mlp_tile__rv_v2, [0, 0, 0, 0], [1, 1, 16, 64], [1, 1, 16, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        down_b0__tile: pl.Tile[[1, 1, 64, 512], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_down__ssa_v0, [0, di__idx_v0, 0, 0], [1, 1, 64, 512], [1, 1, 64, 512], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        down_acc__tile: pl.Tile[[1, 1, 16, 512], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(down_a0__tile, down_b0__tile)
        for ob__idx_v0, (down_acc__iter_v1,) in pl.pipeline(1, 400, stage=2, init_values=(down_acc__tile,)):
            mlp_block__ssa_v0: pl.Scalar[pl.INDEX] = ob__idx_v0 // 4
            mlp_offset__ssa_v0: pl.Scalar[pl.INDEX] = (ob__idx_v0 - mlp_block__ssa_v0 * 4) * 64
            down_mlp_chunk__tile: pl.Tile[[1, 1, 16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(mlp_tile__rv_v2, [mlp_block__ssa_v0, 0, 0, mlp_offset__ssa_v0], [1, 1, 16, 64], [1, 1, 16, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            w_down_chunk__tile: pl.Tile[[1, 1, 64, 512], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_down__ssa_v0, [ob__idx_v0, di__idx_v0, 0, 0], [1, 1, 64, 512], [1, 1, 64, 512], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            down_acc__tile_1: pl.Tile[[1, 1, 16, 512], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(down_acc__iter_v1, down_mlp_chunk__tile, w_down_chunk__tile)
            down_acc__rv_v2: pl.Tile[[1, 1, 16, 512], pl.FP32, pl.Mem.Acc] = pl.yield_(down_acc__tile_1)
        down_proj_tile__tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tile.store(down_acc__rv_v2, [di__idx_v0, 0, 0, 0], down_proj_tile__iter_v1)
        return down_proj_tile__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def down_proj_residual(di__idx_v0: pl.Scalar[pl.INDEX], down_proj_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32], resid1_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32], out__iter_v1: pl.Out[pl.Tensor[[16, 1, 16, 512], pl.BF16]]) -> pl.Tensor[[16, 1, 16, 512], pl.BF16]:
        resid_block__ssa_v2: pl.Scalar[pl.INDEX] = di__idx_v0
        final_down__tile: pl.Tile[[1, 1, 16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(down_proj_tile__rv_v2, [di__idx_v0, 0, 0, 0], [1, 1, 16, 512], [1, 1, 16, 512], target_memory=pl.Mem.Vec)
        final_resid__tile: pl.Tile[[1, 1, 16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(resid1_tile__rv_v2, [resid_block__ssa_v2, 0, 0, 0], [1, 1, 16, 512], [1, 1, 16, 512], target_memory=pl.Mem.Vec)
        final_out__tile: pl.Tile[[1, 1, 16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.add(final_down__tile, final_resid__tile)
        t__tile: pl.Tile[[1, 1, 16, 512], pl.BF16, pl.Mem.Vec] = pl.tile.cast(final_out__tile, target_type=pl.BF16, mode='round')
        out__tile: pl.Tensor[[16, 1, 16, 512], pl.BF16] = pl.tile.store(t__tile, [di__idx_v0, 0, 0, 0], out__iter_v1)
        return out__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def gate_proj(post_norm_tile__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16], w_gate__ssa_v0: pl.Tensor[[64, 100, 128, 256], pl.BF16], mb__idx_v0: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[1, 1, 16, 256], pl.FP32]]) -> pl.Tensor[[1, 1, 16, 256], pl.FP32]:
        post0__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(post_norm_tile__rv_v2, [0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wg0__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_gate__ssa_v0, [0, mb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        gate_acc__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(post0__tile, wg0__tile)
        for kb__idx_v0, (gate_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(gate_acc__tile,)):
            post_chunk__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(post_norm_tile__rv_v2, [kb__idx_v0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wg__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_gate__ssa_v0, [kb__idx_v0, mb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            gate_acc__tile_1: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(gate_acc__iter_v1, post_chunk__tile, wg__tile)
            gate_acc__rv_v2: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.yield_(gate_acc__tile_1)
        ret0__store: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tile.store(gate_acc__rv_v2, [0, 0, 0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k_proj(normed_states__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16], wk__ssa_v0: pl.Tensor[[64, 4, 128, 256], pl.BF16], kvb__idx_v0: pl.Scalar[pl.INDEX], k_proj__iter_v1: pl.Out[pl.Tensor[[4, 1, 16, 256], pl.FP32]]) -> pl.Tensor[[4, 1, 16, 256], pl.FP32]:
        tile_a0__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        tile_wk0__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wk__ssa_v0, [0, kvb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        k_acc__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(tile_a0__tile, tile_wk0__tile)
        for kb__idx_v0, (k_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(k_acc__tile,)):
            tile_a_i__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [kb__idx_v0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            tile_wk_i__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wk__ssa_v0, [kb__idx_v0, kvb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            k_acc__tile_1: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(k_acc__iter_v1, tile_a_i__tile, tile_wk_i__tile)
            k_acc__rv_v2: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.yield_(k_acc__tile_1)
        k_proj__tile: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tile.store(k_acc__rv_v2, [kvb__idx_v0, 0, 0, 0], k_proj__iter_v1)
        return k_proj__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def online_softmax(all_oi_tmp0__rv_v2: pl.Tensor[[16, 1, 16, 128], pl.FP32], all_cur_mi0__rv_v2: pl.Tensor[[16, 8], pl.FP32], all_cur_li0__rv_v2: pl.Tensor[[16, 8], pl.FP32], all_oi_tmp1__rv_v2: pl.Tensor[[16, 1, 16, 128], pl.FP32], all_cur_mi1__rv_v2: pl.Tensor[[16, 8], pl.FP32], all_cur_li1__rv_v2: pl.Tensor[[16, 8], pl.FP32], ctx_blocks__ssa_v0: pl.Scalar[pl.INDEX], attn_proj_tile__iter_v3: pl.Out[pl.Tensor[[64, 1, 16, 128], pl.BF16]], q_base0__ssa_v0: pl.Scalar[pl.INDEX], b__idx_v0: pl.Scalar[pl.INDEX], q_base1__ssa_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 1, 16, 128], pl.BF16]:
        t__tile: pl.Tile[[1, 1, 8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_oi_tmp0__rv_v2, [0, 0, 0, 0], [1, 1, 8, 128], [1, 1, 8, 128], target_memory=pl.Mem.Vec)
        oi_0__tile: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile, [8, 128])
        t__tile_1: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_cur_mi0__rv_v2, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        mi_0__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_1, [8, 1])
        t__tile_2: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_cur_li0__rv_v2, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        li_0__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_2, [8, 1])
        t__tile_3: pl.Tile[[1, 1, 8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_oi_tmp1__rv_v2, [0, 0, 0, 0], [1, 1, 8, 128], [1, 1, 8, 128], target_memory=pl.Mem.Vec)
        oi_1__tile: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_3, [8, 128])
        t__tile_4: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_cur_mi1__rv_v2, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        mi_1__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_4, [8, 1])
        t__tile_5: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_cur_li1__rv_v2, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        li_1__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_5, [8, 1])
        for sb__idx_v0, (li_0__iter_v1, li_1__iter_v1, mi_0__iter_v1, mi_1__iter_v1, oi_0__iter_v1, oi_1__iter_v1) in pl.range(1, ctx_blocks__ssa_v0, init_values=(li_0__tile, li_1__tile, mi_0__tile, mi_1__tile, oi_0__tile, oi_1__tile)):
            t__tile_6: pl.Tile[[1, 1, 8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_oi_tmp0__rv_v2, [sb__idx_v0, 0, 0, 0], [1, 1, 8, 128], [1, 1, 8, 128], target_memory=pl.Mem.Vec)
            oi_tmp_valid_0__tile: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_6, [8, 128])
            t__tile_7: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_cur_mi0__rv_v2, [sb__idx_v0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
            cur_mi_os_0__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_7, [8, 1])
            t__tile_8: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_cur_li0__rv_v2, [sb__idx_v0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
            cur_li_os_0__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_8, [8, 1])
            mi_new_0__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.maximum(mi_0__iter_v1, cur_mi_os_0__tile)
            t__tile_9: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sub(mi_0__iter_v1, mi_new_0__tile)
            alpha_0__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__tile_9)
            t__tile_10: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sub(cur_mi_os_0__tile, mi_new_0__tile)
            beta_0__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__tile_10)
            t__tile_11: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.mul(alpha_0__tile, li_0__iter_v1)
            t__tile_12: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.mul(beta_0__tile, cur_li_os_0__tile)
            li_0__tile_1: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_11, t__tile_12)
            t__tile_13: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_0__iter_v1, alpha_0__tile)
            t__tile_14: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_tmp_valid_0__tile, beta_0__tile)
            oi_0__tile_1: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_13, t__tile_14)
            mi_0__ssa_v3: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = mi_new_0__tile
            t__tile_15: pl.Tile[[1, 1, 8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_oi_tmp1__rv_v2, [sb__idx_v0, 0, 0, 0], [1, 1, 8, 128], [1, 1, 8, 128], target_memory=pl.Mem.Vec)
            oi_tmp_valid_1__tile: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_15, [8, 128])
            t__tile_16: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_cur_mi1__rv_v2, [sb__idx_v0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
            cur_mi_os_1__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_16, [8, 1])
            t__tile_17: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(all_cur_li1__rv_v2, [sb__idx_v0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
            cur_li_os_1__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_17, [8, 1])
            mi_new_1__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.maximum(mi_1__iter_v1, cur_mi_os_1__tile)
            t__tile_18: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sub(mi_1__iter_v1, mi_new_1__tile)
            alpha_1__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__tile_18)
            t__tile_19: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sub(cur_mi_os_1__tile, mi_new_1__tile)
            beta_1__tile: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__tile_19)
            t__tile_20: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.mul(alpha_1__tile, li_1__iter_v1)
            t__tile_21: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.mul(beta_1__tile, cur_li_os_1__tile)
            li_1__tile_1: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_20, t__tile_21)
            t__tile_22: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_1__iter_v1, alpha_1__tile)
            t__tile_23: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_tmp_valid_1__tile, beta_1__tile)
            oi_1__tile_1: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_22, t__tile_23)
            mi_1__ssa_v3: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = mi_new_1__tile
            li_0__rv_v2, li_1__rv_v2, mi_0__rv_v2, mi_1__rv_v2, oi_0__rv_v2, oi_1__rv_v2 = pl.yield_(li_0__tile_1, li_1__tile_1, mi_0__ssa_v3, mi_1__ssa_v3, oi_0__tile_1, oi_1__tile_1)
        ctx_0__tile: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_0__rv_v2, li_0__rv_v2)
        t__tile_24: pl.Tile[[8, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(ctx_0__tile, target_type=pl.BF16, mode='round')
        attn_proj_tile__tile: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tile.store(t__tile_24, [q_base0__ssa_v0, 0, b__idx_v0, 0], attn_proj_tile__iter_v3)
        ctx_1__tile: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_1__rv_v2, li_1__rv_v2)
        t__tile_25: pl.Tile[[8, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(ctx_1__tile, target_type=pl.BF16, mode='round')
        attn_proj_tile__tile_1: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tile.store(t__tile_25, [q_base1__ssa_v0, 0, b__idx_v0, 0], attn_proj_tile__tile)
        return attn_proj_tile__iter_v3
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def out_proj(attn_proj_tile__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16], wo__ssa_v0: pl.Tensor[[64, 16, 128, 512], pl.BF16], oi__idx_v0: pl.Scalar[pl.INDEX], out_proj_tile__iter_v1: pl.Out[pl.Tensor[[16, 1, 16, 512], pl.FP32]]) -> pl.Tensor[[16, 1, 16, 512], pl.FP32]:
        a_chunk0__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(attn_proj_tile__rv_v2, [0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        w_chunk0_lo__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wo__ssa_v0, [0, oi__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        o_acc_lo__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(a_chunk0__tile, w_chunk0_lo__tile)
        w_chunk0_hi__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wo__ssa_v0, [0, oi__idx_v0, 0, 256], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        o_acc_hi__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(a_chunk0__tile, w_chunk0_hi__tile)
        for kb__idx_v0, (o_acc_hi__iter_v1, o_acc_lo__iter_v1) in pl.pipeline(1, 64, stage=2, init_values=(o_acc_hi__tile, o_acc_lo__tile)):
            a_chunk_i__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(attn_proj_tile__rv_v2, [kb__idx_v0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            w_chunk_i_lo__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wo__ssa_v0, [kb__idx_v0, oi__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            o_acc_lo__tile_1: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(o_acc_lo__iter_v1, a_chunk_i__tile, w_chunk_i_lo__tile)
            w_chunk_i_hi__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wo__ssa_v0, [kb__idx_v0, oi__idx_v0, 0, 256], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            o_acc_hi__tile_1: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(o_acc_hi__iter_v1, a_chunk_i__tile, w_chunk_i_hi__tile)
            o_acc_hi__rv_v2, o_acc_lo__rv_v2 = pl.yield_(o_acc_hi__tile_1, o_acc_lo__tile_1)
        out_proj_tile__tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tile.store(o_acc_lo__rv_v2, [oi__idx_v0, 0, 0, 0], out_proj_tile__iter_v1)
        out_proj_tile__tile_1: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tile.store(o_acc_hi__rv_v2, [oi__idx_v0, 0, 0, 256], out_proj_tile__tile)
        return out_proj_tile__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def out_proj_residual(oi__idx_v0: pl.Scalar[pl.INDEX], out_proj_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32], hidden_states__ssa_v0: pl.Tensor[[64, 1, 16, 128], pl.BF16], resid1_tile__iter_v1: pl.Out[pl.Tensor[[16, 1, 16, 512], pl.FP32]]) -> pl.Tensor[[16, 1, 16, 512], pl.FP32]:
        hidden_block__ssa_v0: pl.Scalar[pl.INDEX] = oi__idx_v0 * 4
        out_proj_lo__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(out_proj_tile__rv_v2, [oi__idx_v0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(hidden_states__ssa_v0, [hidden_block__ssa_v0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
        hidden_lo__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
        resid_lo__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(out_proj_lo__tile, hidden_lo__tile)
        resid1_tile__tile: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tile.store(resid_lo__tile, [oi__idx_v0, 0, 0, 0], resid1_tile__iter_v1)
        out_proj_hi__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(out_proj_tile__rv_v2, [oi__idx_v0, 0, 0, 128], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
        t__tile_1: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(hidden_states__ssa_v0, [hidden_block__ssa_v0 + 1, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
        hidden_hi__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_1, target_type=pl.FP32, mode='round')
        resid_hi__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(out_proj_hi__tile, hidden_hi__tile)
        resid1_tile__tile_1: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tile.store(resid_hi__tile, [oi__idx_v0, 0, 0, 128], resid1_tile__tile)
        out_proj_mid__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(out_proj_tile__rv_v2, [oi__idx_v0, 0, 0, 256], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
        t__tile_2: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(hidden_states__ssa_v0, [hidden_block__ssa_v0 + 2, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
        hidden_mid__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_2, target_type=pl.FP32, mode='round')
        resid_mid__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(out_proj_mid__tile, hidden_mid__tile)
        resid1_tile__tile_2: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tile.store(resid_mid__tile, [oi__idx_v0, 0, 0, 256], resid1_tile__tile_1)
        out_proj_tail__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(out_proj_tile__rv_v2, [oi__idx_v0, 0, 0, 384], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
        t__tile_3: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(hidden_states__ssa_v0, [hidden_block__ssa_v0 + 3, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
        hidden_tail__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_3, target_type=pl.FP32, mode='round')
        resid_tail__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(out_proj_tail__tile, hidden_tail__tile)
        resid1_tile__tile_3: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tile.store(resid_tail__tile, [oi__idx_v0, 0, 0, 384], resid1_tile__tile_2)
        return resid1_tile__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def post_rmsnorm(resid1_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32], post_norm_tile__ssa_v0: pl.Out[pl.Tensor[[64, 1, 16, 128], pl.BF16]], post_rms_weight__ssa_v0: pl.Tensor[[64, 1, 1, 128], pl.FP32]) -> pl.Tensor[[64, 1, 16, 128], pl.BF16]:
        sq_sum__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 16], dtype=pl.FP32, value=0.0)
        for kb__idx_v0, (sq_sum__iter_v1,) in pl.pipeline(64, stage=2, init_values=(sq_sum__tile,)):
            resid_block__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0 // 4
            resid_offset__ssa_v0: pl.Scalar[pl.INDEX] = (kb__idx_v0 - resid_block__ssa_v0 * 4) * 128
            resid_chunk__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(resid1_tile__rv_v2, [resid_block__ssa_v0, 0, 0, resid_offset__ssa_v0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
            t__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.mul(resid_chunk__tile, resid_chunk__tile)
            tmp_tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 1, 16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            t__tile_1: pl.Tile[[1, 1, 16, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major)] = pl.tile.row_sum(t__tile, tmp_tile)
            sq_chunk__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_1, [1, 16])
            sq_sum__tile_1: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(sq_sum__iter_v1, sq_chunk__tile)
            sq_sum__rv_v2: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(sq_sum__tile_1)
        t__tile_2: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(sq_sum__rv_v2, 0.0001220703125)
        t__tile_3: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__tile_2, 9.9999999999999995e-07)
        t__tile_4: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sqrt(t__tile_3)
        inv_rms_s3__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.recip(t__tile_4)
        inv_rms_s3_col__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(inv_rms_s3__tile, [16, 1])
        for kb__idx_v0_1, (post_norm_tile__iter_v1,) in pl.pipeline(64, stage=2, init_values=(post_norm_tile__ssa_v0,)):
            resid_block__ssa_v1: pl.Scalar[pl.INDEX] = kb__idx_v0_1 // 4
            resid_offset__ssa_v1: pl.Scalar[pl.INDEX] = (kb__idx_v0_1 - resid_block__ssa_v1 * 4) * 128
            resid_chunk__tile_1: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(resid1_tile__rv_v2, [resid_block__ssa_v1, 0, 0, resid_offset__ssa_v1], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
            post_gamma__tile: pl.Tile[[1, 1, 1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(post_rms_weight__ssa_v0, [kb__idx_v0_1, 0, 0, 0], [1, 1, 1, 128], [1, 1, 1, 128], target_memory=pl.Mem.Vec)
            t__tile_5: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(resid_chunk__tile_1, inv_rms_s3_col__tile)
            post_normed__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(t__tile_5, post_gamma__tile)
            t__tile_6: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(post_normed__tile, target_type=pl.BF16, mode='round')
            post_norm_tile__tile: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tile.store(t__tile_6, [kb__idx_v0_1, 0, 0, 0], post_norm_tile__iter_v1)
            post_norm_tile__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.yield_(post_norm_tile__tile)
        return post_norm_tile__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def q_proj(normed_states__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16], wq__ssa_v0: pl.Tensor[[64, 32, 128, 256], pl.BF16], qb__idx_v0: pl.Scalar[pl.INDEX], q_proj__iter_v1: pl.Out[pl.Tensor[[32, 1, 16, 256], pl.FP32]]) -> pl.Tensor[[32, 1, 16, 256], pl.FP32]:
        tile_a0__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        tile_b0__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wq__ssa_v0, [0, qb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        q_acc__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(tile_a0__tile, tile_b0__tile)
        for kb__idx_v0, (q_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(q_acc__tile,)):
            tile_a_i__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [kb__idx_v0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            tile_b_i__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wq__ssa_v0, [kb__idx_v0, qb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            q_acc__tile_1: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(q_acc__iter_v1, tile_a_i__tile, tile_b_i__tile)
            q_acc__rv_v2: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.yield_(q_acc__tile_1)
        q_proj__tile: pl.Tensor[[32, 1, 16, 256], pl.FP32] = pl.tile.store(q_acc__rv_v2, [qb__idx_v0, 0, 0, 0], q_proj__iter_v1)
        return q_proj__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def qk_matmul(all_raw_scores0__ssa_v0: pl.Out[pl.Tensor[[16, 1, 16, 256], pl.FP32]], all_raw_scores1__ssa_v0: pl.Out[pl.Tensor[[16, 1, 16, 256], pl.FP32]], ctx_blocks__ssa_v0: pl.Scalar[pl.INDEX], k_cache__rv_v4: pl.Tensor[[128, 16, 256, 128], pl.BF16], b__idx_v0: pl.Scalar[pl.INDEX], kvh0__ssa_v0: pl.Scalar[pl.INDEX], q_padded0__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16], kvh1__ssa_v0: pl.Scalar[pl.INDEX], q_padded1__ssa_v0: pl.Tensor[[1, 1, 16, 128], pl.BF16]) -> tuple[pl.Tensor[[16, 1, 16, 256], pl.FP32], pl.Tensor[[16, 1, 16, 256], pl.FP32]]:
        for sb__idx_v0, (all_raw_scores0__iter_v1, all_raw_scores1__iter_v1) in pl.range(ctx_blocks__ssa_v0, init_values=(all_raw_scores0__ssa_v0, all_raw_scores1__ssa_v0)):
            k_tile_0__tile: pl.Tile[[1, 1, 256, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(k_cache__rv_v4, [b__idx_v0 * 8 + kvh0__ssa_v0, sb__idx_v0, 0, 0], [1, 1, 256, 128], [1, 1, 256, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            q_padded0__ssa_v0_mat: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(q_padded0__ssa_v0, [0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            k_tile_0__tile_t: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(k_tile_0__tile)
            raw_scores_0__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(q_padded0__ssa_v0_mat, k_tile_0__tile_t)
            all_raw_scores0__tile: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tile.store(raw_scores_0__tile, [sb__idx_v0, 0, 0, 0], all_raw_scores0__iter_v1)
            k_tile_1__tile: pl.Tile[[1, 1, 256, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(k_cache__rv_v4, [b__idx_v0 * 8 + kvh1__ssa_v0, sb__idx_v0, 0, 0], [1, 1, 256, 128], [1, 1, 256, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            q_padded1__ssa_v0_mat: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(q_padded1__ssa_v0, [0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            k_tile_1__tile_t: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(k_tile_1__tile)
            raw_scores_1__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(q_padded1__ssa_v0_mat, k_tile_1__tile_t)
            all_raw_scores1__tile: pl.Tensor[[16, 1, 16, 256], pl.FP32] = pl.tile.store(raw_scores_1__tile, [sb__idx_v0, 0, 0, 0], all_raw_scores1__iter_v1)
            all_raw_scores0__rv_v2, all_raw_scores1__rv_v2 = pl.yield_(all_raw_scores0__tile, all_raw_scores1__tile)
        return all_raw_scores0__ssa_v0, all_raw_scores1__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def rmsnorm(hidden_states__ssa_v0: pl.Tensor[[64, 1, 16, 128], pl.BF16], normed_states__ssa_v0: pl.Out[pl.Tensor[[64, 1, 16, 128], pl.BF16]], input_rms_weight__ssa_v0: pl.Tensor[[64, 1, 1, 128], pl.FP32]) -> pl.Tensor[[64, 1, 16, 128], pl.BF16]:
        partial_sq__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 16], dtype=pl.FP32, value=0.0)
        for kb__idx_v0, (partial_sq__iter_v1,) in pl.pipeline(64, stage=4, init_values=(partial_sq__tile,)):
            t__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(hidden_states__ssa_v0, [kb__idx_v0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
            x_chunk__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
            t__tile_1: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_chunk__tile, x_chunk__tile)
            tmp_tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 1, 16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            t__tile_2: pl.Tile[[1, 1, 16, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major)] = pl.tile.row_sum(t__tile_1, tmp_tile)
            sq_chunk__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_2, [1, 16])
            partial_sq__tile_1: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(partial_sq__iter_v1, sq_chunk__tile)
            partial_sq__rv_v2: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(partial_sq__tile_1)
        t__tile_3: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(partial_sq__rv_v2, 0.0001220703125)
        t__tile_4: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__tile_3, 9.9999999999999995e-07)
        t__tile_5: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sqrt(t__tile_4)
        inv_rms__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.recip(t__tile_5)
        inv_rms_col__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(inv_rms__tile, [16, 1])
        for kb__idx_v0_1, (normed_states__iter_v1,) in pl.pipeline(64, stage=4, init_values=(normed_states__ssa_v0,)):
            t__tile_6: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(hidden_states__ssa_v0, [kb__idx_v0_1, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Vec)
            x_chunk__tile_1: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_6, target_type=pl.FP32, mode='round')
            gamma__tile: pl.Tile[[1, 1, 1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(input_rms_weight__ssa_v0, [kb__idx_v0_1, 0, 0, 0], [1, 1, 1, 128], [1, 1, 1, 128], target_memory=pl.Mem.Vec)
            t__tile_7: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x_chunk__tile_1, inv_rms_col__tile)
            normed__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(t__tile_7, gamma__tile)
            t__tile_8: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(normed__tile, target_type=pl.BF16, mode='round')
            normed_states__tile: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tile.store(t__tile_8, [kb__idx_v0_1, 0, 0, 0], normed_states__iter_v1)
            normed_states__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.yield_(normed_states__tile)
        return normed_states__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def rope_kv_cache(all_q_padded__iter_v1: pl.Out[pl.Tensor[[128, 1, 16, 128], pl.BF16]], k_cache__iter_v1: pl.Out[pl.Tensor[[128, 16, 256, 128], pl.BF16]], v_cache__iter_v1: pl.Out[pl.Tensor[[128, 16, 256, 128], pl.BF16]], b__idx_v0: pl.Scalar[pl.INDEX], k_proj__rv_v2: pl.Tensor[[4, 1, 16, 256], pl.FP32], cos_lo__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32], sin_lo__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32], cos_hi__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32], sin_hi__ssa_v0: pl.Tensor[[1, 1, 1, 64], pl.FP32], pos_block__ssa_v0: pl.Scalar[pl.INDEX], pos_offset__ssa_v0: pl.Scalar[pl.INDEX], v_proj__rv_v2: pl.Tensor[[4, 1, 16, 256], pl.FP32], q_proj__rv_v2: pl.Tensor[[32, 1, 16, 256], pl.FP32]) -> tuple[pl.Tensor[[128, 1, 16, 128], pl.BF16], pl.Tensor[[128, 16, 256, 128], pl.BF16], pl.Tensor[[128, 16, 256, 128], pl.BF16]]:
        cos_lo__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(cos_lo__ssa_v0, [0, 0, 0, 0], [1, 1, 1, 64], [1, 1, 1, 64], target_memory=pl.Mem.Vec)
        sin_lo__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(sin_lo__ssa_v0, [0, 0, 0, 0], [1, 1, 1, 64], [1, 1, 1, 64], target_memory=pl.Mem.Vec)
        cos_hi__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(cos_hi__ssa_v0, [0, 0, 0, 0], [1, 1, 1, 64], [1, 1, 1, 64], target_memory=pl.Mem.Vec)
        sin_hi__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(sin_hi__ssa_v0, [0, 0, 0, 0], [1, 1, 1, 64], [1, 1, 1, 64], target_memory=pl.Mem.Vec)
        for ki__idx_v0, (all_q_padded__iter_v3, k_cache__iter_v3, v_cache__iter_v3) in pl.range(8, init_values=(all_q_padded__iter_v1, k_cache__iter_v1, v_cache__iter_v1)):
            kv_col__ssa_v0: pl.Scalar[pl.INDEX] = ki__idx_v0 * 128
            kv_block__ssa_v0: pl.Scalar[pl.INDEX] = kv_col__ssa_v0 // 256
            kv_offset__ssa_v0: pl.Scalar[pl.INDEX] = kv_col__ssa_v0 - kv_block__ssa_v0 * 256
            cache_idx__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0 * 8 + ki__idx_v0
            k_lo__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(k_proj__rv_v2, [kv_block__ssa_v0, 0, b__idx_v0, kv_offset__ssa_v0], [1, 1, 1, 64], [1, 1, 1, 64], target_memory=pl.Mem.Vec)
            k_hi__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(k_proj__rv_v2, [kv_block__ssa_v0, 0, b__idx_v0, kv_offset__ssa_v0 + 64], [1, 1, 1, 64], [1, 1, 1, 64], target_memory=pl.Mem.Vec)
            t__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(k_lo__tile, cos_lo__tile)
            t__tile_1: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(k_hi__tile, sin_lo__tile)
            rot_lo__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sub(t__tile, t__tile_1)
            t__tile_2: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(k_hi__tile, cos_hi__tile)
            t__tile_3: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(k_lo__tile, sin_hi__tile)
            rot_hi__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_2, t__tile_3)
            t__tile_4: pl.Tile[[1, 1, 1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(rot_lo__tile, target_type=pl.BF16, mode='round')
            k_cache__tile: pl.Tensor[[128, 16, 256, 128], pl.BF16] = pl.tile.store(t__tile_4, [cache_idx__ssa_v0, pos_block__ssa_v0, pos_offset__ssa_v0, 0], k_cache__iter_v3)
            t__tile_5: pl.Tile[[1, 1, 1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(rot_hi__tile, target_type=pl.BF16, mode='round')
            k_cache__tile_1: pl.Tensor[[128, 16, 256, 128], pl.BF16] = pl.tile.store(t__tile_5, [cache_idx__ssa_v0, pos_block__ssa_v0, pos_offset__ssa_v0, 64], k_cache__tile)
            t__tile_6: pl.Tile[[1, 1, 1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(v_proj__rv_v2, [kv_block__ssa_v0, 0, b__idx_v0, kv_offset__ssa_v0], [1, 1, 1, 128], [1, 1, 1, 128], target_memory=pl.Mem.Vec)
            v_row_bf16__tile: pl.Tile[[1, 1, 1, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(t__tile_6, target_type=pl.BF16, mode='round')
            v_cache__tile: pl.Tensor[[128, 16, 256, 128], pl.BF16] = pl.tile.store(v_row_bf16__tile, [cache_idx__ssa_v0, pos_block__ssa_v0, pos_offset__ssa_v0, 0], v_cache__iter_v3)
            q_base__ssa_v0: pl.Scalar[pl.INDEX] = ki__idx_v0 * 8
            q_pad_idx__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0 * 8 + ki__idx_v0
            for qi__idx_v0, (all_q_padded__iter_v5,) in pl.range(8, init_values=(all_q_padded__iter_v3,)):
                q_col__ssa_v0: pl.Scalar[pl.INDEX] = (q_base__ssa_v0 + qi__idx_v0) * 128
                q_block__ssa_v0: pl.Scalar[pl.INDEX] = q_col__ssa_v0 // 256
                q_offset__ssa_v0: pl.Scalar[pl.INDEX] = q_col__ssa_v0 - q_block__ssa_v0 * 256
                q_lo__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(q_proj__rv_v2, [q_block__ssa_v0, 0, b__idx_v0, q_offset__ssa_v0], [1, 1, 1, 64], [1, 1, 1, 64], target_memory=pl.Mem.Vec)
                q_hi__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(q_proj__rv_v2, [q_block__ssa_v0, 0, b__idx_v0, q_offset__ssa_v0 + 64], [1, 1, 1, 64], [1, 1, 1, 64], target_memory=pl.Mem.Vec)
                t__tile_7: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(q_lo__tile, cos_lo__tile)
                t__tile_8: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(q_hi__tile, sin_lo__tile)
                q_rot_lo__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sub(t__tile_7, t__tile_8)
                t__tile_9: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(q_hi__tile, cos_hi__tile)
                t__tile_10: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(q_lo__tile, sin_hi__tile)
                q_rot_hi__tile: pl.Tile[[1, 1, 1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_9, t__tile_10)
                t__tile_11: pl.Tile[[1, 1, 1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(q_rot_lo__tile, target_type=pl.BF16, mode='round')
                all_q_padded__tile: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tile.store(t__tile_11, [q_pad_idx__ssa_v0, 0, qi__idx_v0, 0], all_q_padded__iter_v5)
                t__tile_12: pl.Tile[[1, 1, 1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(q_rot_hi__tile, target_type=pl.BF16, mode='round')
                all_q_padded__tile_1: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tile.store(t__tile_12, [q_pad_idx__ssa_v0, 0, qi__idx_v0, 64], all_q_padded__tile)
                all_q_padded__rv_v6: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.yield_(all_q_padded__tile_1)
            t__tile_13: pl.Tile[[1, 1, 8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 1, 8, 128], dtype=pl.FP32, value=0.0)
            q_pad_zero__tile: pl.Tile[[1, 1, 8, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(t__tile_13, target_type=pl.BF16, mode='round')
            all_q_padded__tile_2: pl.Tensor[[128, 1, 16, 128], pl.BF16] = pl.tile.store(q_pad_zero__tile, [q_pad_idx__ssa_v0, 0, 8, 0], all_q_padded__rv_v6)
            all_q_padded__rv_v4, k_cache__rv_v4, v_cache__rv_v4 = pl.yield_(all_q_padded__tile_2, k_cache__tile_1, v_cache__tile)
        return all_q_padded__iter_v1, k_cache__iter_v1, v_cache__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def silu(gate_acc__rv_v2: pl.Tensor[[1, 1, 16, 256], pl.FP32], up_acc__rv_v2: pl.Tensor[[1, 1, 16, 256], pl.FP32], mlp_tile__iter_v1: pl.Out[pl.Tensor[[100, 1, 16, 256], pl.BF16]], mb__idx_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[100, 1, 16, 256], pl.BF16]:
        gate_acc__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(gate_acc__rv_v2, [0, 0, 0, 0], [1, 1, 16, 256], [1, 1, 16, 256], target_memory=pl.Mem.Vec)
        up_acc__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(up_acc__rv_v2, [0, 0, 0, 0], [1, 1, 16, 256], [1, 1, 16, 256], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Vec] = pl.tile.neg(gate_acc__tile)
        t__tile_1: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__tile)
        t__tile_2: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__tile_1, 1.0)
        sigmoid__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Vec] = pl.tile.recip(t__tile_2)
        t__tile_3: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Vec] = pl.tile.mul(gate_acc__tile, sigmoid__tile)
        mlp_chunk__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Vec] = pl.tile.mul(t__tile_3, up_acc__tile)
        t__tile_4: pl.Tile[[1, 1, 16, 256], pl.BF16, pl.Mem.Vec] = pl.tile.cast(mlp_chunk__tile, target_type=pl.BF16, mode='round')
        mlp_tile__tile: pl.Tensor[[100, 1, 16, 256], pl.BF16] = pl.tile.store(t__tile_4, [mb__idx_v0, 0, 0, 0], mlp_tile__iter_v1)
        return mlp_tile__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def softmax(all_cur_li0__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.FP32]], all_cur_li1__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.FP32]], all_cur_mi0__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.FP32]], all_cur_mi1__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.FP32]], all_exp_padded0__ssa_v0: pl.Out[pl.Tensor[[16, 1, 16, 256], pl.BF16]], all_exp_padded1__ssa_v0: pl.Out[pl.Tensor[[16, 1, 16, 256], pl.BF16]], ctx_blocks__ssa_v0: pl.Scalar[pl.INDEX], ctx_len__ssa_v0: pl.Scalar[pl.INT32], all_raw_scores0__rv_v2: pl.Tensor[[16, 1, 16, 256], pl.FP32], all_raw_scores1__rv_v2: pl.Tensor[[16, 1, 16, 256], pl.FP32]) -> tuple[pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 1, 16, 256], pl.BF16], pl.Tensor[[16, 1, 16, 256], pl.BF16]]:
        for sb__idx_v0, (all_cur_li0__iter_v1, all_cur_li1__iter_v1, all_cur_mi0__iter_v1, all_cur_mi1__iter_v1, all_exp_padded0__iter_v1, all_exp_padded1__iter_v1) in pl.range(ctx_blocks__ssa_v0, init_values=(all_cur_li0__ssa_v0, all_cur_li1__ssa_v0, all_cur_mi0__ssa_v0, all_cur_mi1__ssa_v0, all_exp_padded0__ssa_v0, all_exp_padded1__ssa_v0)):
            s0__ssa_v0: pl.Scalar[pl.INDEX] = sb__idx_v0 * 256
            valid_len__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(pl.cast(ctx_len__ssa_v0, pl.INDEX) - s0__ssa_v0, 256)
            scores_valid_0__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 1, 8, valid_len__ssa_v0])] = pl.tile.load(all_raw_scores0__rv_v2, [sb__idx_v0, 0, 0, 0], [1, 1, 8, 256], [1, 1, 8, valid_len__ssa_v0], target_memory=pl.Mem.Vec)
            scores_padded_0__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(scores_valid_0__tile, pad_value=pl.PadValue.min)
            scores_0__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.muls(scores_padded_0__tile, 0.088388347648318433)
            tmp_tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 1, 8, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            cur_mi_0__tile: pl.Tile[[1, 1, 8, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major)] = pl.tile.row_max(scores_0__tile, tmp_tile)
            t__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.row_expand_sub(scores_0__tile, cur_mi_0__tile)
            exp_scores_0__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.exp(t__tile)
            exp_scores_bf16_0__tile: pl.Tile[[1, 1, 8, 256], pl.BF16, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.cast(exp_scores_0__tile, target_type=pl.BF16, mode='round')
            exp_scores_fp32_0__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.cast(exp_scores_bf16_0__tile, target_type=pl.FP32, mode='round')
            tmp_tile_1: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 1, 8, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            cur_li_0__tile: pl.Tile[[1, 1, 8, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major)] = pl.tile.row_sum(exp_scores_fp32_0__tile, tmp_tile_1)
            all_exp_padded0__tile: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tile.store(exp_scores_bf16_0__tile, [sb__idx_v0, 0, 0, 0], all_exp_padded0__iter_v1)
            t__tile_1: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(cur_mi_0__tile, [1, 8])
            all_cur_mi0__tile: pl.Tensor[[16, 8], pl.FP32] = pl.tile.store(t__tile_1, [sb__idx_v0, 0], all_cur_mi0__iter_v1)
            t__tile_2: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(cur_li_0__tile, [1, 8])
            all_cur_li0__tile: pl.Tensor[[16, 8], pl.FP32] = pl.tile.store(t__tile_2, [sb__idx_v0, 0], all_cur_li0__iter_v1)
            scores_valid_1__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 1, 8, valid_len__ssa_v0])] = pl.tile.load(all_raw_scores1__rv_v2, [sb__idx_v0, 0, 0, 0], [1, 1, 8, 256], [1, 1, 8, valid_len__ssa_v0], target_memory=pl.Mem.Vec)
            scores_padded_1__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(scores_valid_1__tile, pad_value=pl.PadValue.min)
            scores_1__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.muls(scores_padded_1__tile, 0.088388347648318433)
            tmp_tile_2: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 1, 8, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            cur_mi_1__tile: pl.Tile[[1, 1, 8, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major)] = pl.tile.row_max(scores_1__tile, tmp_tile_2)
            t__tile_3: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.row_expand_sub(scores_1__tile, cur_mi_1__tile)
            exp_scores_1__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.exp(t__tile_3)
            exp_scores_bf16_1__tile: pl.Tile[[1, 1, 8, 256], pl.BF16, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.cast(exp_scores_1__tile, target_type=pl.BF16, mode='round')
            exp_scores_fp32_1__tile: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.cast(exp_scores_bf16_1__tile, target_type=pl.FP32, mode='round')
            tmp_tile_3: pl.Tile[[1, 1, 8, 256], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 1, 8, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            cur_li_1__tile: pl.Tile[[1, 1, 8, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major)] = pl.tile.row_sum(exp_scores_fp32_1__tile, tmp_tile_3)
            all_exp_padded1__tile: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tile.store(exp_scores_bf16_1__tile, [sb__idx_v0, 0, 0, 0], all_exp_padded1__iter_v1)
            t__tile_4: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(cur_mi_1__tile, [1, 8])
            all_cur_mi1__tile: pl.Tensor[[16, 8], pl.FP32] = pl.tile.store(t__tile_4, [sb__idx_v0, 0], all_cur_mi1__iter_v1)
            t__tile_5: pl.Tile[[1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(cur_li_1__tile, [1, 8])
            all_cur_li1__tile: pl.Tensor[[16, 8], pl.FP32] = pl.tile.store(t__tile_5, [sb__idx_v0, 0], all_cur_li1__iter_v1)
            all_cur_li0__rv_v2, all_cur_li1__rv_v2, all_cur_mi0__rv_v2, all_cur_mi1__rv_v2, all_exp_padded0__rv_v2, all_exp_padded1__rv_v2 = pl.yield_(all_cur_li0__tile, all_cur_li1__tile, all_cur_mi0__tile, all_cur_mi1__tile, all_exp_padded0__tile, all_exp_padded1__tile)
        return all_cur_li0__ssa_v0, all_cur_li1__ssa_v0, all_cur_mi0__ssa_v0, all_cur_mi1__ssa_v0, all_exp_padded0__ssa_v0, all_exp_padded1__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def sv_matmul(all_oi_tmp0__ssa_v0: pl.Out[pl.Tensor[[16, 1, 16, 128], pl.FP32]], all_oi_tmp1__ssa_v0: pl.Out[pl.Tensor[[16, 1, 16, 128], pl.FP32]], ctx_blocks__ssa_v0: pl.Scalar[pl.INDEX], all_exp_padded0__rv_v2: pl.Tensor[[16, 1, 16, 256], pl.BF16], v_cache__rv_v4: pl.Tensor[[128, 16, 256, 128], pl.BF16], b__idx_v0: pl.Scalar[pl.INDEX], kvh0__ssa_v0: pl.Scalar[pl.INDEX], all_exp_padded1__rv_v2: pl.Tensor[[16, 1, 16, 256], pl.BF16], kvh1__ssa_v0: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 1, 16, 128], pl.FP32], pl.Tensor[[16, 1, 16, 128], pl.FP32]]:
        for sb__idx_v0, (all_oi_tmp0__iter_v1, all_oi_tmp1__iter_v1) in pl.range(ctx_blocks__ssa_v0, init_values=(all_oi_tmp0__ssa_v0, all_oi_tmp1__ssa_v0)):
            exp_tile_0__tile: pl.Tile[[1, 1, 16, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(all_exp_padded0__rv_v2, [sb__idx_v0, 0, 0, 0], [1, 1, 16, 256], [1, 1, 16, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            v_tile_0__tile: pl.Tile[[1, 1, 256, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(v_cache__rv_v4, [b__idx_v0 * 8 + kvh0__ssa_v0, sb__idx_v0, 0, 0], [1, 1, 256, 128], [1, 1, 256, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            oi_tmp_0__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(exp_tile_0__tile, v_tile_0__tile)
            all_oi_tmp0__tile: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tile.store(oi_tmp_0__tile, [sb__idx_v0, 0, 0, 0], all_oi_tmp0__iter_v1)
            exp_tile_1__tile: pl.Tile[[1, 1, 16, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(all_exp_padded1__rv_v2, [sb__idx_v0, 0, 0, 0], [1, 1, 16, 256], [1, 1, 16, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            v_tile_1__tile: pl.Tile[[1, 1, 256, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(v_cache__rv_v4, [b__idx_v0 * 8 + kvh1__ssa_v0, sb__idx_v0, 0, 0], [1, 1, 256, 128], [1, 1, 256, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            oi_tmp_1__tile: pl.Tile[[1, 1, 16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(exp_tile_1__tile, v_tile_1__tile)
            all_oi_tmp1__tile: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tile.store(oi_tmp_1__tile, [sb__idx_v0, 0, 0, 0], all_oi_tmp1__iter_v1)
            all_oi_tmp0__rv_v2, all_oi_tmp1__rv_v2 = pl.yield_(all_oi_tmp0__tile, all_oi_tmp1__tile)
        return all_oi_tmp0__ssa_v0, all_oi_tmp1__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def up_proj(post_norm_tile__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16], w_up__ssa_v0: pl.Tensor[[64, 100, 128, 256], pl.BF16], mb__idx_v0: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[1, 1, 16, 256], pl.FP32]]) -> pl.Tensor[[1, 1, 16, 256], pl.FP32]:
        post0__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(post_norm_tile__rv_v2, [0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wu0__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_up__ssa_v0, [0, mb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        up_acc__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(post0__tile, wu0__tile)
        for kb__idx_v0, (up_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(up_acc__tile,)):
            post_chunk__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(post_norm_tile__rv_v2, [kb__idx_v0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wu__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_up__ssa_v0, [kb__idx_v0, mb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            up_acc__tile_1: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(up_acc__iter_v1, post_chunk__tile, wu__tile)
            up_acc__rv_v2: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.yield_(up_acc__tile_1)
        ret0__store: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tile.store(up_acc__rv_v2, [0, 0, 0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def v_proj(normed_states__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16], wv__ssa_v0: pl.Tensor[[64, 4, 128, 256], pl.BF16], kvb__idx_v0: pl.Scalar[pl.INDEX], v_proj__iter_v1: pl.Out[pl.Tensor[[4, 1, 16, 256], pl.FP32]]) -> pl.Tensor[[4, 1, 16, 256], pl.FP32]:
        tile_a0__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        tile_wv0__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wv__ssa_v0, [0, kvb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        v_acc__tile: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(tile_a0__tile, tile_wv0__tile)
        for kb__idx_v0, (v_acc__iter_v1,) in pl.pipeline(1, 64, stage=2, init_values=(v_acc__tile,)):
            tile_a_i__tile: pl.Tile[[1, 1, 16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [kb__idx_v0, 0, 0, 0], [1, 1, 16, 128], [1, 1, 16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            tile_wv_i__tile: pl.Tile[[1, 1, 128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wv__ssa_v0, [kb__idx_v0, kvb__idx_v0, 0, 0], [1, 1, 128, 256], [1, 1, 128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            v_acc__tile_1: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(v_acc__iter_v1, tile_a_i__tile, tile_wv_i__tile)
            v_acc__rv_v2: pl.Tile[[1, 1, 16, 256], pl.FP32, pl.Mem.Acc] = pl.yield_(v_acc__tile_1)
        v_proj__tile: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tile.store(v_acc__rv_v2, [kvb__idx_v0, 0, 0, 0], v_proj__iter_v1)
        return v_proj__iter_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def qwen3_decode(self, hidden_states__ssa_v0: pl.Tensor[[64, 1, 16, 128], pl.BF16], input_rms_weight__ssa_v0: pl.Tensor[[64, 1, 1, 128], pl.FP32], wq__ssa_v0: pl.Tensor[[64, 32, 128, 256], pl.BF16], wk__ssa_v0: pl.Tensor[[64, 4, 128, 256], pl.BF16], wv__ssa_v0: pl.Tensor[[64, 4, 128, 256], pl.BF16], seq_lens__ssa_v0: pl.Tensor[[16, 1, 1, 1], pl.INT32], rope_cos__ssa_v0: pl.Tensor[[4096, 1, 1, 128], pl.FP32], rope_sin__ssa_v0: pl.Tensor[[4096, 1, 1, 128], pl.FP32], k_cache__ssa_v0: pl.Tensor[[128, 16, 256, 128], pl.BF16], v_cache__ssa_v0: pl.Tensor[[128, 16, 256, 128], pl.BF16], wo__ssa_v0: pl.Tensor[[64, 16, 128, 512], pl.BF16], post_rms_weight__ssa_v0: pl.Tensor[[64, 1, 1, 128], pl.FP32], w_gate__ssa_v0: pl.Tensor[[64, 100, 128, 256], pl.BF16], w_up__ssa_v0: pl.Tensor[[64, 100, 128, 256], pl.BF16], w_down__ssa_v0: pl.Tensor[[400, 16, 64, 512], pl.BF16], out__ssa_v0: pl.Out[pl.Tensor[[16, 1, 16, 512], pl.BF16]]) -> pl.Tensor[[16, 1, 16, 512], pl.BF16]:
        q_proj__ssa_v0: pl.Tensor[[32, 1, 16, 256], pl.FP32] = pl.tensor.create([32, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        k_proj__ssa_v0: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.create([4, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        v_proj__ssa_v0: pl.Tensor[[4, 1, 16, 256], pl.FP32] = pl.tensor.create([4, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        # ── Scope 1: input RMSNorm + Q/K/V projection ──
        normed_states__ssa_v0: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.create([64, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        normed_states__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16] = self.rmsnorm(hidden_states__ssa_v0, normed_states__ssa_v0, input_rms_weight__ssa_v0)
        # Q projection.
        for qb__idx_v0, (q_proj__iter_v1,) in pl.parallel(32, init_values=(q_proj__ssa_v0,)):
            q_proj__ssa_v3: pl.Tensor[[32, 1, 16, 256], pl.FP32] = self.q_proj(normed_states__rv_v2, wq__ssa_v0, qb__idx_v0, q_proj__iter_v1)
            q_proj__rv_v2: pl.Tensor[[32, 1, 16, 256], pl.FP32] = pl.yield_(q_proj__ssa_v3)
        # K/V projection.
        for kvb__idx_v0, (k_proj__iter_v1, v_proj__iter_v1) in pl.parallel(4, init_values=(k_proj__ssa_v0, v_proj__ssa_v0)):
            k_proj__ssa_v3: pl.Tensor[[4, 1, 16, 256], pl.FP32] = self.k_proj(normed_states__rv_v2, wk__ssa_v0, kvb__idx_v0, k_proj__iter_v1)
            v_proj__ssa_v3: pl.Tensor[[4, 1, 16, 256], pl.FP32] = self.v_proj(normed_states__rv_v2, wv__ssa_v0, kvb__idx_v0, v_proj__iter_v1)
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
            ret__tmp_v0: pl.Tuple[pl.Tensor[[128, 1, 16, 128], pl.BF16], pl.Tensor[[128, 16, 256, 128], pl.BF16], pl.Tensor[[128, 16, 256, 128], pl.BF16]] = self.rope_kv_cache(all_q_padded__iter_v1, k_cache__iter_v1, v_cache__iter_v1, b__idx_v0, k_proj__rv_v2, cos_lo__ssa_v0, sin_lo__ssa_v0, cos_hi__ssa_v0, sin_hi__ssa_v0, pos_block__ssa_v0, pos_offset__ssa_v0, v_proj__rv_v2, q_proj__rv_v2)
            all_q_padded__rv_v4: pl.Tensor[[128, 1, 16, 128], pl.BF16] = ret__tmp_v0[0]
            k_cache__rv_v4: pl.Tensor[[128, 16, 256, 128], pl.BF16] = ret__tmp_v0[1]
            v_cache__rv_v4: pl.Tensor[[128, 16, 256, 128], pl.BF16] = ret__tmp_v0[2]
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
                ret__tmp_v0_1: pl.Tuple[pl.Tensor[[16, 1, 16, 256], pl.FP32], pl.Tensor[[16, 1, 16, 256], pl.FP32]] = self.qk_matmul(all_raw_scores0__ssa_v0, all_raw_scores1__ssa_v0, ctx_blocks__ssa_v0, k_cache__rv_v4, b__idx_v0, kvh0__ssa_v0, q_padded0__ssa_v0, kvh1__ssa_v0, q_padded1__ssa_v0)
                all_raw_scores0__rv_v2: pl.Tensor[[16, 1, 16, 256], pl.FP32] = ret__tmp_v0_1[0]
                all_raw_scores1__rv_v2: pl.Tensor[[16, 1, 16, 256], pl.FP32] = ret__tmp_v0_1[1]
                # Stage 3: softmax.
                all_exp_padded0__ssa_v0: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.create([16, 1, 16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                all_cur_li0__ssa_v0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_cur_mi0__ssa_v0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_exp_padded1__ssa_v0: pl.Tensor[[16, 1, 16, 256], pl.BF16] = pl.tensor.create([16, 1, 16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                all_cur_li1__ssa_v0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_cur_mi1__ssa_v0: pl.Tensor[[16, 8], pl.FP32] = pl.tensor.create([16, 8], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                ret__tmp_v0_2: pl.Tuple[pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 8], pl.FP32], pl.Tensor[[16, 1, 16, 256], pl.BF16], pl.Tensor[[16, 1, 16, 256], pl.BF16]] = self.softmax(all_cur_li0__ssa_v0, all_cur_li1__ssa_v0, all_cur_mi0__ssa_v0, all_cur_mi1__ssa_v0, all_exp_padded0__ssa_v0, all_exp_padded1__ssa_v0, ctx_blocks__ssa_v0, ctx_len__ssa_v0, all_raw_scores0__rv_v2, all_raw_scores1__rv_v2)
                all_cur_li0__rv_v2: pl.Tensor[[16, 8], pl.FP32] = ret__tmp_v0_2[0]
                all_cur_li1__rv_v2: pl.Tensor[[16, 8], pl.FP32] = ret__tmp_v0_2[1]
                all_cur_mi0__rv_v2: pl.Tensor[[16, 8], pl.FP32] = ret__tmp_v0_2[2]
                all_cur_mi1__rv_v2: pl.Tensor[[16, 8], pl.FP32] = ret__tmp_v0_2[3]
                all_exp_padded0__rv_v2: pl.Tensor[[16, 1, 16, 256], pl.BF16] = ret__tmp_v0_2[4]
                all_exp_padded1__rv_v2: pl.Tensor[[16, 1, 16, 256], pl.BF16] = ret__tmp_v0_2[5]
                # Stage 4: SV matmul.
                all_oi_tmp0__ssa_v0: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.create([16, 1, 16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                all_oi_tmp1__ssa_v0: pl.Tensor[[16, 1, 16, 128], pl.FP32] = pl.tensor.create([16, 1, 16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                ret__tmp_v0_3: pl.Tuple[pl.Tensor[[16, 1, 16, 128], pl.FP32], pl.Tensor[[16, 1, 16, 128], pl.FP32]] = self.sv_matmul(all_oi_tmp0__ssa_v0, all_oi_tmp1__ssa_v0, ctx_blocks__ssa_v0, all_exp_padded0__rv_v2, v_cache__rv_v4, b__idx_v0, kvh0__ssa_v0, all_exp_padded1__rv_v2, kvh1__ssa_v0)
                all_oi_tmp0__rv_v2: pl.Tensor[[16, 1, 16, 128], pl.FP32] = ret__tmp_v0_3[0]
                all_oi_tmp1__rv_v2: pl.Tensor[[16, 1, 16, 128], pl.FP32] = ret__tmp_v0_3[1]
                attn_proj_tile__ssa_v6: pl.Tensor[[64, 1, 16, 128], pl.BF16] = self.online_softmax(all_oi_tmp0__rv_v2, all_cur_mi0__rv_v2, all_cur_li0__rv_v2, all_oi_tmp1__rv_v2, all_cur_mi1__rv_v2, all_cur_li1__rv_v2, ctx_blocks__ssa_v0, attn_proj_tile__iter_v3, q_base0__ssa_v0, b__idx_v0, q_base1__ssa_v0)
                attn_proj_tile__rv_v4: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.yield_(attn_proj_tile__ssa_v6)
            all_q_padded__rv_v2, attn_proj_tile__rv_v2, k_cache__rv_v2, v_cache__rv_v2 = pl.yield_(all_q_padded__rv_v4, attn_proj_tile__rv_v4, k_cache__rv_v4, v_cache__rv_v4)
        # ── Scope 3: output projection + residual + post RMSNorm + MLP + residual ──
        out_proj_tile__ssa_v0: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.create([16, 1, 16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        # Stage 1: Output projection.
        for oi__idx_v0, (out_proj_tile__iter_v1,) in pl.parallel(16, init_values=(out_proj_tile__ssa_v0,)):
            out_proj_tile__ssa_v4: pl.Tensor[[16, 1, 16, 512], pl.FP32] = self.out_proj(attn_proj_tile__rv_v2, wo__ssa_v0, oi__idx_v0, out_proj_tile__iter_v1)
            out_proj_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.yield_(out_proj_tile__ssa_v4)
        # Stage 2: Residual addition with hidden_states.
        resid1_tile__ssa_v0: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.create([16, 1, 16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for oi__idx_v0_1, (resid1_tile__iter_v1,) in pl.parallel(16, init_values=(resid1_tile__ssa_v0,)):
            resid1_tile__ssa_v6: pl.Tensor[[16, 1, 16, 512], pl.FP32] = self.out_proj_residual(oi__idx_v0_1, out_proj_tile__rv_v2, hidden_states__ssa_v0, resid1_tile__iter_v1)
            resid1_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.yield_(resid1_tile__ssa_v6)
        # Stage 3: Post-attention RMSNorm.
        post_norm_tile__ssa_v0: pl.Tensor[[64, 1, 16, 128], pl.BF16] = pl.tensor.create([64, 1, 16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        post_norm_tile__rv_v2: pl.Tensor[[64, 1, 16, 128], pl.BF16] = self.post_rmsnorm(resid1_tile__rv_v2, post_norm_tile__ssa_v0, post_rms_weight__ssa_v0)
        # Stage 4 & 5 & 6: MLP gate/up projections + SiLU.
        mlp_tile__ssa_v0: pl.Tensor[[100, 1, 16, 256], pl.BF16] = pl.tensor.create([100, 1, 16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for mb__idx_v0, (mlp_tile__iter_v1,) in pl.parallel(100, init_values=(mlp_tile__ssa_v0,)):
            ret0__out: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.create([1, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            gate_acc__rv_v2: pl.Tensor[[1, 1, 16, 256], pl.FP32] = self.gate_proj(post_norm_tile__rv_v2, w_gate__ssa_v0, mb__idx_v0, ret0__out)
            ret0__out_1: pl.Tensor[[1, 1, 16, 256], pl.FP32] = pl.tensor.create([1, 1, 16, 256], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            up_acc__rv_v2: pl.Tensor[[1, 1, 16, 256], pl.FP32] = self.up_proj(post_norm_tile__rv_v2, w_up__ssa_v0, mb__idx_v0, ret0__out_1)
            mlp_tile__ssa_v3: pl.Tensor[[100, 1, 16, 256], pl.BF16] = self.silu(gate_acc__rv_v2, up_acc__rv_v2, mlp_tile__iter_v1, mb__idx_v0)
            mlp_tile__rv_v2: pl.Tensor[[100, 1, 16, 256], pl.BF16] = pl.yield_(mlp_tile__ssa_v3)
        # Stage 7: Down projection.
        down_proj_tile__ssa_v0: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.tensor.create([16, 1, 16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for di__idx_v0, (down_proj_tile__iter_v1,) in pl.parallel(16, init_values=(down_proj_tile__ssa_v0,)):
            down_proj_tile__ssa_v3: pl.Tensor[[16, 1, 16, 512], pl.FP32] = self.down_proj(mlp_tile__rv_v2, w_down__ssa_v0, di__idx_v0, down_proj_tile__iter_v1)
            down_proj_tile__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.FP32] = pl.yield_(down_proj_tile__ssa_v3)
        # Stage 8: Final residual writeback.
        for di__idx_v0_1, (out__iter_v1,) in pl.parallel(16, init_values=(out__ssa_v0,)):
            out__ssa_v3: pl.Tensor[[16, 1, 16, 512], pl.BF16] = self.down_proj_residual(di__idx_v0_1, down_proj_tile__rv_v2, resid1_tile__rv_v2, out__iter_v1)
            out__rv_v2: pl.Tensor[[16, 1, 16, 512], pl.BF16] = pl.yield_(out__ssa_v3)
        return out__rv_v2
