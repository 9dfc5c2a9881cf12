# pypto.program: DynOrchPagedAttentionProgram
import pypto.language as pl

B = pl.dynamic("B")
BT = pl.dynamic("BT")
HD = pl.dynamic("HD")
KCR = pl.dynamic("KCR")
QR = pl.dynamic("QR")
@pl.program
class DynOrchPagedAttentionProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_init_inplace(oi__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]], li__ssa_v0: pl.Out[pl.Tensor[[16, 1], pl.FP32]], mi__ssa_v0: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]]:
        # Initialize inplace accumulators to zero (VECTOR).
        return oi__ssa_v0, li__ssa_v0, mi__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_online_update(mij__ssa_v0: pl.Tensor[[16, 1], pl.FP32], lij__ssa_v0: pl.Tensor[[16, 1], pl.FP32], oi_new__ssa_v0: pl.Tensor[[16, 128], pl.FP32], mi__ssa_v0: pl.InOut[pl.Tensor[[16, 1], pl.FP32]], li__ssa_v0: pl.InOut[pl.Tensor[[16, 1], pl.FP32]], oi__ssa_v0: pl.InOut[pl.Tensor[[16, 128], pl.FP32]], dst__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]], is_first__ssa_v0: pl.Scalar[pl.BOOL], is_last__ssa_v0: pl.Scalar[pl.BOOL]) -> tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
        # Online softmax update with inplace mi/li/oi (VECTOR).
        mij_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mij__ssa_v0, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        lij_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(lij__ssa_v0, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        oi_new_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(oi_new__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        mi_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mi__ssa_v0, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        li_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(li__ssa_v0, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        oi_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(oi__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        if is_first__ssa_v0:
            mi_out__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(mij_tile__ssa_v0, [0, 0], mi__ssa_v0)
            li_out__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(lij_tile__ssa_v0, [0, 0], li__ssa_v0)
            oi_out__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(oi_new_tile__ssa_v0, [0, 0], oi__ssa_v0)
            if is_last__ssa_v0:
                dst_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_new_tile__ssa_v0, lij_tile__ssa_v0)
                dst_out__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(dst_tile__ssa_v0, [0, 0], dst__ssa_v0)
                dst_out__phi_v2: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(dst_out__ssa_v0)
            else:
                # First block but not last: dst is not yet meaningful, store zeros
                zero_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
                dst_out__ssa_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(zero_tile__ssa_v0, [0, 0], dst__ssa_v0)
                dst_out__phi_v2: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(dst_out__ssa_v1)
            dst_out__phi_v6, li_out__phi_v2, mi_out__phi_v2, oi_out__phi_v4 = pl.yield_(dst_out__phi_v2, li_out__ssa_v0, mi_out__ssa_v0, oi_out__ssa_v0)
        else:
            # Reshape DN [16,1] -> ND [1,16] for element-wise ops
            mi_tile_nd__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mi_tile__ssa_v0, [1, 16])
            mij_tile_nd__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mij_tile__ssa_v0, [1, 16])
            li_tile_nd__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_tile__ssa_v0, [1, 16])
            lij_tile_nd__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(lij_tile__ssa_v0, [1, 16])
            mi_new__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.maximum(mi_tile_nd__ssa_v0, mij_tile_nd__ssa_v0)
            mi_diff__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sub(mi_tile_nd__ssa_v0, mi_new__ssa_v0)
            alpha__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(mi_diff__ssa_v0)
            mij_diff__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sub(mij_tile_nd__ssa_v0, mi_new__ssa_v0)
            beta__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(mij_diff__ssa_v0)
            li_scaled__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.mul(alpha__ssa_v0, li_tile_nd__ssa_v0)
            lij_scaled__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.mul(beta__ssa_v0, lij_tile_nd__ssa_v0)
            li_updated__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(li_scaled__ssa_v0, lij_scaled__ssa_v0)
            # Reshape [1,16] -> [16,1] DN for row_expand_mul
            alpha_dn__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(alpha__ssa_v0, [16, 1])
            oi_scaled__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_tile__ssa_v0, alpha_dn__ssa_v0)
            # Reshape [1,16] -> [16,1] DN for row_expand_mul
            beta_dn__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(beta__ssa_v0, [16, 1])
            oi_new_scaled__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_new_tile__ssa_v0, beta_dn__ssa_v0)
            oi_updated__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(oi_scaled__ssa_v0, oi_new_scaled__ssa_v0)
            # Reshape back to DN [16,1] for store
            mi_new_dn__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mi_new__ssa_v0, [16, 1])
            # Reshape back to DN [16,1] for store
            li_updated_dn__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_updated__ssa_v0, [16, 1])
            mi_out__ssa_v1: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(mi_new_dn__ssa_v0, [0, 0], mi__ssa_v0)
            li_out__ssa_v1: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(li_updated_dn__ssa_v0, [0, 0], li__ssa_v0)
            if is_last__ssa_v0:
                dst_tile__ssa_v1: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_updated__ssa_v0, li_updated_dn__ssa_v0)
                dst_out__ssa_v3: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(dst_tile__ssa_v1, [0, 0], dst__ssa_v0)
                oi_out__ssa_v1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(oi_updated__ssa_v0, [0, 0], oi__ssa_v0)
                dst_out__phi_v5, oi_out__phi_v3 = pl.yield_(dst_out__ssa_v3, oi_out__ssa_v1)
            else:
                zero_tile__ssa_v1: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
                dst_out__ssa_v4: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(zero_tile__ssa_v1, [0, 0], dst__ssa_v0)
                oi_out__ssa_v2: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(oi_updated__ssa_v0, [0, 0], oi__ssa_v0)
                dst_out__phi_v5, oi_out__phi_v3 = pl.yield_(dst_out__ssa_v4, oi_out__ssa_v2)
            dst_out__phi_v6, li_out__phi_v2, mi_out__phi_v2, oi_out__phi_v4 = pl.yield_(dst_out__phi_v5, li_out__ssa_v1, mi_out__ssa_v1, oi_out__phi_v3)
        return mi_out__phi_v2, li_out__phi_v2, oi_out__phi_v4, dst_out__phi_v6
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_pv_matmul(pij__ssa_v0: pl.Tensor[[16, 128], pl.BF16], vj__ssa_v0: pl.Tensor[[128, 128], pl.BF16], output__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        # PV matmul: oi_tmp = pij @ vj (CUBE).
        pij_l1__ssa_v0: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(pij__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat)
        vj_l1__ssa_v0: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(vj__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat)
        pij_l0a__ssa_v0: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(pij_l1__ssa_v0, target_memory=pl.Mem.Left)
        vj_l0b__ssa_v0: pl.Tile[[128, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(vj_l1__ssa_v0, target_memory=pl.Mem.Right)
        oi_l0c__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(pij_l0a__ssa_v0, vj_l0b__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(oi_l0c__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_qk_matmul(qi__ssa_v0: pl.Tensor[[16, 128], pl.BF16], kj__ssa_v0: pl.Tensor[[128, 128], pl.BF16], output__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        # QK matmul: sij = qi @ kj.T (CUBE). kj reinterpreted as its transpose on L1.
        qi_l1__ssa_v0: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(qi__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat)
        kj_nat__ssa_v0: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(kj__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat)
        kj_l1__ssa_v0: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(kj_nat__ssa_v0)
        qi_l0a__ssa_v0: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(qi_l1__ssa_v0, target_memory=pl.Mem.Left)
        kj_l0b__ssa_v0: pl.Tile[[128, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(kj_l1__ssa_v0, target_memory=pl.Mem.Right)
        sij_l0c__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(qi_l0a__ssa_v0, kj_l0b__ssa_v0)
        out__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(sij_l0c__ssa_v0, [0, 0], output__ssa_v0)
        return out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_softmax_prepare(sij__ssa_v0: pl.Tensor[[16, 128], pl.FP32], scale__ssa_v0: pl.Scalar[pl.FP32], out_pij__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.BF16]], out_mi__ssa_v0: pl.Out[pl.Tensor[[16, 1], pl.FP32]], out_li__ssa_v0: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> tuple[pl.Tensor[[16, 128], pl.BF16], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]]:
        # Softmax prepare: scale, row_max, exp, row_sum (VECTOR).
        s_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(sij__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        scaled__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.muls(s_tile__ssa_v0, scale__ssa_v0)
        tmp_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        mi_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(scaled__ssa_v0, tmp_tile__ssa_v0)
        sij_centered__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_sub(scaled__ssa_v0, mi_tile__ssa_v0)
        exp_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(sij_centered__ssa_v0)
        pij_tile_bf16__ssa_v0: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(exp_tile__ssa_v0, target_type=pl.BF16, mode='round')
        pij_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cast(pij_tile_bf16__ssa_v0, target_type=pl.FP32, mode='round')
        li_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(pij_tile__ssa_v0, tmp_tile__ssa_v0)
        out_pij__ssa_v1: pl.Tensor[[16, 128], pl.BF16] = pl.tile.store(pij_tile_bf16__ssa_v0, [0, 0], out_pij__ssa_v0)
        out_mi__ssa_v1: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(mi_tile__ssa_v0, [0, 0], out_mi__ssa_v0)
        out_li__ssa_v1: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(li_tile__ssa_v0, [0, 0], out_li__ssa_v0)
        return out_pij__ssa_v1, out_mi__ssa_v1, out_li__ssa_v1
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def paged_attention(self, query__ssa_v0: pl.Tensor[[QR, HD], pl.BF16], key_cache__ssa_v0: pl.Tensor[[KCR, HD], pl.BF16], value_cache__ssa_v0: pl.Tensor[[KCR, HD], pl.BF16], block_table__ssa_v0: pl.Tensor[[BT], pl.INT32], context_lens__ssa_v0: pl.Tensor[[B], pl.INT32], out__ssa_v0: pl.Out[pl.Tensor[[QR, HD], pl.FP32]]) -> pl.Tensor[[QR, HD], pl.FP32]:
        # Paged attention orchestration with tensor.dim-derived runtime values.
        batch_cfg__ssa_v0: pl.Scalar[pl.INDEX] = B
        query_rows__ssa_v0: pl.Scalar[pl.INDEX] = QR
        head_dim_cfg__ssa_v0: pl.Scalar[pl.INDEX] = HD
        value_cache_rows__ssa_v0: pl.Scalar[pl.INDEX] = KCR
        block_table_size__ssa_v0: pl.Scalar[pl.INDEX] = BT
        num_heads_cfg__ssa_v0: pl.Scalar[pl.INT64] = query_rows__ssa_v0 // batch_cfg__ssa_v0
        block_num_cfg__ssa_v0: pl.Scalar[pl.INT64] = block_table_size__ssa_v0 // batch_cfg__ssa_v0
        block_size_cfg__ssa_v0: pl.Scalar[pl.INT64] = value_cache_rows__ssa_v0 // block_table_size__ssa_v0
        q_head_num__ssa_v0: pl.Scalar[pl.INT64] = num_heads_cfg__ssa_v0
        q_loop_cfg__ssa_v0: pl.Scalar[pl.INT64] = (q_head_num__ssa_v0 + 15) // 16
        for b_idx__idx_v0 in pl.range(batch_cfg__ssa_v0):
            cur_seq__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(context_lens__ssa_v0, [b_idx__idx_v0])
            bn_this_batch__ssa_v0: pl.Scalar[pl.INT64] = (pl.cast(cur_seq__ssa_v0, pl.INT64) + block_size_cfg__ssa_v0 - 1) // block_size_cfg__ssa_v0
            for q_idx__idx_v0 in pl.range(q_loop_cfg__ssa_v0):
                cur_offset__ssa_v0: pl.Scalar[pl.INDEX] = b_idx__idx_v0 * q_head_num__ssa_v0 + q_idx__idx_v0 * 16
                oi_buf__ssa_v0: pl.Tensor[[16, head_dim_cfg__ssa_v0], pl.FP32] = pl.tensor.create([16, head_dim_cfg__ssa_v0], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                li_buf__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                mi_buf__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                _tuple_tmp__ssa_v0: pl.Tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]] = self.kernel_init_inplace(oi_buf__ssa_v0, li_buf__ssa_v0, mi_buf__ssa_v0)
                oi__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = _tuple_tmp__ssa_v0[0]
                li_update__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0[1]
                mi_update__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0[2]
                for bn__idx_v0, (li_update__iter_v1, mi_update__iter_v1, oi__iter_v1) in pl.range(bn_this_batch__ssa_v0, init_values=(li_update__ssa_v0, mi_update__ssa_v0, oi__ssa_v0)):
                    qi__ssa_v0: pl.Tensor[[16, head_dim_cfg__ssa_v0], pl.BF16] = pl.tensor.slice(query__ssa_v0, [16, head_dim_cfg__ssa_v0], [cur_offset__ssa_v0, 0])
                    cur_block_idx__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(block_table__ssa_v0, [b_idx__idx_v0 * block_num_cfg__ssa_v0 + bn__idx_v0])
                    valid_len__ssa_v0: pl.Scalar[pl.INT64] = pl.min(block_size_cfg__ssa_v0, pl.cast(cur_seq__ssa_v0, pl.INDEX) - bn__idx_v0 * block_size_cfg__ssa_v0)
                    kv_block_row__ssa_v0: pl.Scalar[pl.INT64] = pl.cast(cur_block_idx__ssa_v0, pl.INT64) * block_size_cfg__ssa_v0
                    kj__ssa_v0: pl.Tensor[[block_size_cfg__ssa_v0, head_dim_cfg__ssa_v0], pl.BF16] = pl.tensor.slice(key_cache__ssa_v0, [block_size_cfg__ssa_v0, head_dim_cfg__ssa_v0], [kv_block_row__ssa_v0, 0])
                    vj__ssa_v0: pl.Tensor[[block_size_cfg__ssa_v0, head_dim_cfg__ssa_v0], pl.BF16] = pl.tensor.slice(value_cache__ssa_v0, [block_size_cfg__ssa_v0, head_dim_cfg__ssa_v0], [kv_block_row__ssa_v0, 0])
                    sij_buf__ssa_v0: pl.Tensor[[16, block_size_cfg__ssa_v0], pl.FP32] = pl.tensor.create([16, block_size_cfg__ssa_v0], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    sij__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = self.kernel_qk_matmul(qi__ssa_v0, kj__ssa_v0, sij_buf__ssa_v0)
                    sij_valid__ssa_v0: pl.Tensor[[16, valid_len__ssa_v0], pl.FP32] = pl.tensor.slice(sij__ssa_v0, [16, valid_len__ssa_v0], [0, 0])
                    pij_f16_buf__ssa_v0: pl.Tensor[[16, block_size_cfg__ssa_v0], pl.BF16] = pl.tensor.create([16, block_size_cfg__ssa_v0], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                    mi_sm_buf__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    li_sm_buf__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    _tuple_tmp__ssa_v0_1: pl.Tuple[pl.Tensor[[16, 128], pl.BF16], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]] = self.kernel_softmax_prepare(sij_valid__ssa_v0, 1.0, pij_f16_buf__ssa_v0, mi_sm_buf__ssa_v0, li_sm_buf__ssa_v0)
                    pij_f16__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = _tuple_tmp__ssa_v0_1[0]
                    mi__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0_1[1]
                    li__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0_1[2]
                    oi_tmp_buf__ssa_v0: pl.Tensor[[16, head_dim_cfg__ssa_v0], pl.FP32] = pl.tensor.create([16, head_dim_cfg__ssa_v0], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    oi_tmp__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = self.kernel_pv_matmul(pij_f16__ssa_v0, vj__ssa_v0, oi_tmp_buf__ssa_v0)
                    if bn__idx_v0 == 0:
                        is_first__rv_v0: pl.Scalar[pl.INT64] = pl.yield_(pl.const(1, pl.INT64))
                    else:
                        is_first__rv_v0: pl.Scalar[pl.INT64] = pl.yield_(pl.const(0, pl.INT64))
                    if bn__idx_v0 == bn_this_batch__ssa_v0 - 1:
                        is_last__rv_v0: pl.Scalar[pl.INT64] = pl.yield_(pl.const(1, pl.INT64))
                    else:
                        is_last__rv_v0: pl.Scalar[pl.INT64] = pl.yield_(pl.const(0, pl.INT64))
                    out_view_buf__ssa_v0: pl.Tensor[[16, head_dim_cfg__ssa_v0], pl.FP32] = pl.tensor.slice(out__ssa_v0, [16, head_dim_cfg__ssa_v0], [cur_offset__ssa_v0, 0])
                    _tuple_tmp__ssa_v0_2: pl.Tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]] = self.kernel_online_update(mi__ssa_v0, li__ssa_v0, oi_tmp__ssa_v0, mi_update__iter_v1, li_update__iter_v1, oi__iter_v1, out_view_buf__ssa_v0, is_first__rv_v0, is_last__rv_v0)
                    mi_update__ssa_v3: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0_2[0]
                    li_update__ssa_v3: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0_2[1]
                    oi__ssa_v3: pl.Tensor[[16, 128], pl.FP32] = _tuple_tmp__ssa_v0_2[2]
                    out_view__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = _tuple_tmp__ssa_v0_2[3]
                    li_update__rv_v2, mi_update__rv_v2, oi__rv_v2 = pl.yield_(li_update__ssa_v3, mi_update__ssa_v3, oi__ssa_v3)
        return out__ssa_v0
