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
    def kernel_init_inplace(oi: pl.Out[pl.Tensor[[16, 128], pl.FP32]], li: pl.Out[pl.Tensor[[16, 1], pl.FP32]], mi: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]]:
        # Initialize inplace accumulators to zero (VECTOR).
        return oi, li, mi
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_online_update(mij: pl.Tensor[[16, 1], pl.FP32], lij: pl.Tensor[[16, 1], pl.FP32], oi_new: pl.Tensor[[16, 128], pl.FP32], mi: pl.InOut[pl.Tensor[[16, 1], pl.FP32]], li: pl.InOut[pl.Tensor[[16, 1], pl.FP32]], oi: pl.InOut[pl.Tensor[[16, 128], pl.FP32]], dst: pl.Out[pl.Tensor[[16, 128], pl.FP32]], is_first: pl.Scalar[pl.BOOL], is_last: pl.Scalar[pl.BOOL]) -> tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
        # Online softmax update with inplace mi/li/oi (VECTOR).
        mij_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mij, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        lij_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(lij, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        oi_new_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(oi_new, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        mi_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mi, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        li_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(li, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        oi_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(oi, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        if is_first:
            mi_out: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(mij_tile, [0, 0], mi)
            li_out: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(lij_tile, [0, 0], li)
            oi_out: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(oi_new_tile, [0, 0], oi)
            if is_last:
                dst_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_new_tile, lij_tile)
                dst_out: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(dst_tile, [0, 0], dst)
            else:
                # First block but not last: dst is not yet meaningful, store zeros
                zero_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
                dst_out: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(zero_tile, [0, 0], dst)
        else:
            # Reshape DN [16,1] -> ND [1,16] for element-wise ops
            mi_tile_nd: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mi_tile, [1, 16])
            mij_tile_nd: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mij_tile, [1, 16])
            li_tile_nd: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_tile, [1, 16])
            lij_tile_nd: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(lij_tile, [1, 16])
            mi_new: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.maximum(mi_tile_nd, mij_tile_nd)
            mi_diff: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sub(mi_tile_nd, mi_new)
            alpha: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(mi_diff)
            mij_diff: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sub(mij_tile_nd, mi_new)
            beta: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(mij_diff)
            li_scaled: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.mul(alpha, li_tile_nd)
            lij_scaled: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.mul(beta, lij_tile_nd)
            li_updated: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(li_scaled, lij_scaled)
            # Reshape [1,16] -> [16,1] DN for row_expand_mul
            alpha_dn: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(alpha, [16, 1])
            oi_scaled: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_tile, alpha_dn)
            # Reshape [1,16] -> [16,1] DN for row_expand_mul
            beta_dn: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(beta, [16, 1])
            oi_new_scaled: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_new_tile, beta_dn)
            oi_updated: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(oi_scaled, oi_new_scaled)
            # Reshape back to DN [16,1] for store
            mi_new_dn: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mi_new, [16, 1])
            # Reshape back to DN [16,1] for store
            li_updated_dn: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_updated, [16, 1])
            mi_out: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(mi_new_dn, [0, 0], mi)
            li_out: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(li_updated_dn, [0, 0], li)
            if is_last:
                dst_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_updated, li_updated_dn)
                dst_out: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(dst_tile, [0, 0], dst)
                oi_out: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(oi_updated, [0, 0], oi)
            else:
                zero_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
                dst_out: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(zero_tile, [0, 0], dst)
                oi_out: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(oi_updated, [0, 0], oi)
        return mi_out, li_out, oi_out, dst_out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_pv_matmul(pij: pl.Tensor[[16, 128], pl.BF16], vj: pl.Tensor[[128, 128], pl.BF16], output: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        # PV matmul: oi_tmp = pij @ vj (CUBE).
        pij_l1: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(pij, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat)
        vj_l1: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(vj, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat)
        pij_l0a: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(pij_l1, target_memory=pl.Mem.Left)
        vj_l0b: pl.Tile[[128, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(vj_l1, target_memory=pl.Mem.Right)
        oi_l0c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(pij_l0a, vj_l0b)
        out: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(oi_l0c, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_qk_matmul(qi: pl.Tensor[[16, 128], pl.BF16], kj: pl.Tensor[[128, 128], pl.BF16], output: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        # QK matmul: sij = qi @ kj.T (CUBE). kj reinterpreted as its transpose on L1.
        qi_l1: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(qi, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat)
        kj_nat: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(kj, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat)
        kj_l1: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(kj_nat)
        qi_l0a: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(qi_l1, target_memory=pl.Mem.Left)
        kj_l0b: pl.Tile[[128, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(kj_l1, target_memory=pl.Mem.Right)
        sij_l0c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(qi_l0a, kj_l0b)
        out: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(sij_l0c, [0, 0], output)
        return out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_softmax_prepare(sij: pl.Tensor[[16, 128], pl.FP32], scale: pl.Scalar[pl.FP32], out_pij: pl.Out[pl.Tensor[[16, 128], pl.BF16]], out_mi: pl.Out[pl.Tensor[[16, 1], pl.FP32]], out_li: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> tuple[pl.Tensor[[16, 128], pl.BF16], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]]:
        # Softmax prepare: scale, row_max, exp, row_sum (VECTOR).
        s_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(sij, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        scaled: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.muls(s_tile, scale)
        tmp_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        mi_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(scaled, tmp_tile)
        sij_centered: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_sub(scaled, mi_tile)
        exp_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(sij_centered)
        pij_tile_bf16: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(exp_tile, target_type=pl.BF16, mode='round')
        pij_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cast(pij_tile_bf16, target_type=pl.FP32, mode='round')
        li_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(pij_tile, tmp_tile)
        out_pij: pl.Tensor[[16, 128], pl.BF16] = pl.tile.store(pij_tile_bf16, [0, 0], out_pij)
        out_mi: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(mi_tile, [0, 0], out_mi)
        out_li: pl.Tensor[[16, 1], pl.FP32] = pl.tile.store(li_tile, [0, 0], out_li)
        return out_pij, out_mi, out_li
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def paged_attention(self, query: pl.Tensor[[QR, HD], pl.BF16], key_cache: pl.Tensor[[KCR, HD], pl.BF16], value_cache: pl.Tensor[[KCR, HD], pl.BF16], block_table: pl.Tensor[[BT], pl.INT32], context_lens: pl.Tensor[[B], pl.INT32], out: pl.Out[pl.Tensor[[QR, HD], pl.FP32]]) -> pl.Tensor[[QR, HD], pl.FP32]:
        # Paged attention orchestration with tensor.dim-derived runtime values.
        batch_cfg: pl.Scalar[pl.INT64] = B
        query_rows: pl.Scalar[pl.INT64] = QR
        head_dim_cfg: pl.Scalar[pl.INT64] = HD
        value_cache_rows: pl.Scalar[pl.INT64] = KCR
        block_table_size: pl.Scalar[pl.INT64] = BT
        num_heads_cfg: pl.Scalar[pl.INT64] = query_rows // batch_cfg
        block_num_cfg: pl.Scalar[pl.INT64] = block_table_size // batch_cfg
        block_size_cfg: pl.Scalar[pl.INT64] = value_cache_rows // block_table_size
        q_head_num: pl.Scalar[pl.INT64] = num_heads_cfg
        q_loop_cfg: pl.Scalar[pl.INT64] = (q_head_num + 16 - 1) // 16
        for b_idx in pl.range(batch_cfg):
            cur_seq: pl.Scalar[pl.INT32] = pl.tensor.read(context_lens, [b_idx])
            bn_this_batch: pl.Scalar[pl.INT64] = (pl.cast(cur_seq, pl.INT64) + block_size_cfg - 1) // block_size_cfg
            for q_idx in pl.range(q_loop_cfg):
                cur_offset: pl.Scalar[pl.INDEX] = b_idx * q_head_num + q_idx * 16
                oi_buf: pl.Tensor[[16, head_dim_cfg], pl.FP32] = pl.tensor.create([16, head_dim_cfg], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                li_buf: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                mi_buf: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                _tuple_tmp: pl.Tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]] = self.kernel_init_inplace(oi_buf, li_buf, mi_buf)
                oi: pl.Tensor[[16, 128], pl.FP32] = _tuple_tmp[0]
                li_update: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp[1]
                mi_update: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp[2]
                for bn in pl.range(bn_this_batch):
                    qi: pl.Tensor[[16, head_dim_cfg], pl.BF16] = pl.tensor.slice(query, [16, head_dim_cfg], [cur_offset, 0])
                    cur_block_idx: pl.Scalar[pl.INT32] = pl.tensor.read(block_table, [b_idx * block_num_cfg + bn])
                    valid_len: pl.Scalar[pl.INT64] = pl.min(block_size_cfg, pl.cast(cur_seq, pl.INDEX) - bn * block_size_cfg)
                    kv_block_row: pl.Scalar[pl.INT64] = pl.cast(cur_block_idx, pl.INT64) * block_size_cfg
                    kj: pl.Tensor[[block_size_cfg, head_dim_cfg], pl.BF16] = pl.tensor.slice(key_cache, [block_size_cfg, head_dim_cfg], [kv_block_row, 0])
                    vj: pl.Tensor[[block_size_cfg, head_dim_cfg], pl.BF16] = pl.tensor.slice(value_cache, [block_size_cfg, head_dim_cfg], [kv_block_row, 0])
                    sij_buf: pl.Tensor[[16, block_size_cfg], pl.FP32] = pl.tensor.create([16, block_size_cfg], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    sij: pl.Tensor[[16, 128], pl.FP32] = self.kernel_qk_matmul(qi, kj, sij_buf)
                    sij_valid: pl.Tensor[[16, valid_len], pl.FP32] = pl.tensor.slice(sij, [16, valid_len], [0, 0])
                    pij_f16_buf: pl.Tensor[[16, block_size_cfg], pl.BF16] = pl.tensor.create([16, block_size_cfg], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                    mi_sm_buf: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    li_sm_buf: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    _tuple_tmp_1: pl.Tuple[pl.Tensor[[16, 128], pl.BF16], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]] = self.kernel_softmax_prepare(sij_valid, 1.0, pij_f16_buf, mi_sm_buf, li_sm_buf)
                    pij_f16: pl.Tensor[[16, 128], pl.BF16] = _tuple_tmp_1[0]
                    mi: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp_1[1]
                    li: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp_1[2]
                    oi_tmp_buf: pl.Tensor[[16, head_dim_cfg], pl.FP32] = pl.tensor.create([16, head_dim_cfg], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    oi_tmp: pl.Tensor[[16, 128], pl.FP32] = self.kernel_pv_matmul(pij_f16, vj, oi_tmp_buf)
                    if bn == 0:
                        is_first: pl.Scalar[pl.INT64] = pl.yield_(pl.const(1, pl.INT64))
                    else:
                        is_first: pl.Scalar[pl.INT64] = pl.yield_(pl.const(0, pl.INT64))
                    if bn == bn_this_batch - 1:
                        is_last: pl.Scalar[pl.INT64] = pl.yield_(pl.const(1, pl.INT64))
                    else:
                        is_last: pl.Scalar[pl.INT64] = pl.yield_(pl.const(0, pl.INT64))
                    out_view_buf: pl.Tensor[[16, head_dim_cfg], pl.FP32] = pl.tensor.slice(out, [16, head_dim_cfg], [cur_offset, 0])
                    _tuple_tmp_2: pl.Tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]] = self.kernel_online_update(mi, li, oi_tmp, mi_update, li_update, oi, out_view_buf, is_first, is_last)
                    mi_update: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp_2[0]
                    li_update: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp_2[1]
                    oi: pl.Tensor[[16, 128], pl.FP32] = _tuple_tmp_2[2]
                    out_view: pl.Tensor[[16, 128], pl.FP32] = _tuple_tmp_2[3]
        return out
