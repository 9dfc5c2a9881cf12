# pypto.program: PagedAttentionMultiConfigProgram
import pypto.language as pl

BATCH_DYN = pl.dynamic("BATCH_DYN")
BLOCK_SIZE_DYN = pl.dynamic("BLOCK_SIZE_DYN")
BLOCK_TABLE_FLAT_DYN = pl.dynamic("BLOCK_TABLE_FLAT_DYN")
HEAD_DIM_DYN = pl.dynamic("HEAD_DIM_DYN")
KEY_CACHE_ROWS_DYN = pl.dynamic("KEY_CACHE_ROWS_DYN")
KV_HEAD_DIM_DYN = pl.dynamic("KV_HEAD_DIM_DYN")
QUERY_ROWS_DYN = pl.dynamic("QUERY_ROWS_DYN")
Q_HEADS = pl.dynamic("Q_HEADS")
@pl.program
class PagedAttentionMultiConfigProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_init_inplace(oi__ssa_v0: pl.Out[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]], li__ssa_v0: pl.Out[pl.Tensor[[Q_HEADS, 1], pl.FP32]], mi__ssa_v0: pl.Out[pl.Tensor[[Q_HEADS, 1], pl.FP32]]) -> tuple[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32], pl.Tensor[[Q_HEADS, 1], pl.FP32], pl.Tensor[[Q_HEADS, 1], pl.FP32]]:
        # No-op passthrough that binds concrete create_tensor shapes to dynamic types.
        # 
        #     pl.create_tensor zero-initialises the buffers before this call; this
        #     function exists solely to propagate dynamic-shape types at the call site
        #     so downstream kernel returns can be reassigned to the same variables.
        #     
        return oi__ssa_v0, li__ssa_v0, mi__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_online_update(mij__ssa_v0: pl.Tensor[[Q_HEADS, 1], pl.FP32], lij__ssa_v0: pl.Tensor[[Q_HEADS, 1], pl.FP32], oi_new__ssa_v0: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32], mi__ssa_v0: pl.InOut[pl.Tensor[[Q_HEADS, 1], pl.FP32]], li__ssa_v0: pl.InOut[pl.Tensor[[Q_HEADS, 1], pl.FP32]], oi__ssa_v0: pl.InOut[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]], dst__ssa_v0: pl.Out[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]], is_first__ssa_v0: pl.Scalar[pl.INDEX], is_last__ssa_v0: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[Q_HEADS, 1], pl.FP32], pl.Tensor[[Q_HEADS, 1], pl.FP32], pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32], pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]]:
        # noqa: PLR0913
        # Online softmax update with inplace mi/li/oi (VECTOR).
        # 
        #     Merges current group's (mij, lij, oi_new) into running accumulators
        #     (mi, li, oi). On last iteration, writes normalised output to dst.
        #     
        mij_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mij__ssa_v0, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        lij_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(lij__ssa_v0, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        oi_new_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(oi_new__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        mi_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mi__ssa_v0, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        li_tile__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(li__ssa_v0, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        oi_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(oi__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        if is_first__ssa_v0 == 1:
            mi_out__ssa_v0: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(mij_tile__ssa_v0, [0, 0], mi__ssa_v0)
            li_out__ssa_v0: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(lij_tile__ssa_v0, [0, 0], li__ssa_v0)
            oi_out__ssa_v0: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(oi_new_tile__ssa_v0, [0, 0], oi__ssa_v0)
            if is_last__ssa_v0 == 1:
                dst_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_new_tile__ssa_v0, lij_tile__ssa_v0)
                dst_out__ssa_v0: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(dst_tile__ssa_v0, [0, 0], dst__ssa_v0)
                dst_out__phi_v2: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.yield_(dst_out__ssa_v0)
            else:
                zero_tile__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
                dst_out__ssa_v1: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(zero_tile__ssa_v0, [0, 0], dst__ssa_v0)
                dst_out__phi_v2: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.yield_(dst_out__ssa_v1)
            dst_out__phi_v6, li_out__phi_v2, mi_out__phi_v2, oi_out__phi_v2 = pl.yield_(dst_out__phi_v2, li_out__ssa_v0, mi_out__ssa_v0, oi_out__ssa_v0)
        else:
            # Reshape DN [q_tile,1] -> ND [1,q_tile] for element-wise ops
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
            alpha_dn__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(alpha__ssa_v0, [16, 1])
            oi_scaled__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_tile__ssa_v0, alpha_dn__ssa_v0)
            beta_dn__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(beta__ssa_v0, [16, 1])
            oi_new_scaled__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_new_tile__ssa_v0, beta_dn__ssa_v0)
            oi_updated__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(oi_scaled__ssa_v0, oi_new_scaled__ssa_v0)
            mi_new_dn__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mi_new__ssa_v0, [16, 1])
            li_updated_dn__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_updated__ssa_v0, [16, 1])
            mi_out__ssa_v1: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(mi_new_dn__ssa_v0, [0, 0], mi__ssa_v0)
            li_out__ssa_v1: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(li_updated_dn__ssa_v0, [0, 0], li__ssa_v0)
            oi_out__ssa_v1: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(oi_updated__ssa_v0, [0, 0], oi__ssa_v0)
            if is_last__ssa_v0 == 1:
                dst_tile__ssa_v1: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_updated__ssa_v0, li_updated_dn__ssa_v0)
                dst_out__ssa_v3: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(dst_tile__ssa_v1, [0, 0], dst__ssa_v0)
                dst_out__phi_v5: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.yield_(dst_out__ssa_v3)
            else:
                zero_tile__ssa_v1: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
                dst_out__ssa_v4: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(zero_tile__ssa_v1, [0, 0], dst__ssa_v0)
                dst_out__phi_v5: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.yield_(dst_out__ssa_v4)
            dst_out__phi_v6, li_out__phi_v2, mi_out__phi_v2, oi_out__phi_v2 = pl.yield_(dst_out__phi_v5, li_out__ssa_v1, mi_out__ssa_v1, oi_out__ssa_v1)
        return mi_out__phi_v2, li_out__phi_v2, oi_out__phi_v2, dst_out__phi_v6
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_pv_matmul(pij_buf__ssa_v0: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.BF16], value_cache__ssa_v0: pl.Tensor[[KEY_CACHE_ROWS_DYN, KV_HEAD_DIM_DYN], pl.BF16], oi_new__ssa_v0: pl.Out[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]], block_indices__ssa_v0: pl.Tensor[[64], pl.INT32], n_blocks__ssa_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]:
        # SplitK PV matmul: first block via matmul, rest via matmul_acc (CUBE).
        # 
        #     Accumulates pij[i] @ vj[i] across n_blocks on L0C, then stores result.
        #     block_indices pre-extracted by orchestration from block_table.
        #     
        # First block: matmul (creates L0C accumulator)
        # Use (n_blocks - n_blocks) to get an INDEX-typed zero for the first read
        first_idx__ssa_v0: pl.Scalar[pl.INDEX] = n_blocks__ssa_v0 - n_blocks__ssa_v0
        phys_block_0__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(block_indices__ssa_v0, [first_idx__ssa_v0])
        vj_row_0__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(phys_block_0__ssa_v0, pl.INDEX) * 64
        pij_l1__ssa_v0: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(pij_buf__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
        vj_l1__ssa_v0: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(value_cache__ssa_v0, [vj_row_0__ssa_v0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat)
        pij_l0a__ssa_v0: pl.Tile[[16, 64], pl.BF16, pl.Mem.Left] = pl.tile.move(pij_l1__ssa_v0, target_memory=pl.Mem.Left)
        vj_l0b__ssa_v0: pl.Tile[[64, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(vj_l1__ssa_v0, target_memory=pl.Mem.Right)
        oi_l0c__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(pij_l0a__ssa_v0, vj_l0b__ssa_v0)
        oi_l0c_out__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = oi_l0c__ssa_v0
        # Remaining blocks: matmul_acc (accumulate onto L0C)
        for i__idx_v0, (oi_l0c_iter,) in pl.range(1, n_blocks__ssa_v0, init_values=(oi_l0c__ssa_v0,)):
            phys_block__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(block_indices__ssa_v0, [i__idx_v0])
            vj_row__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(phys_block__ssa_v0, pl.INDEX) * 64
            pij_l1_i__ssa_v0: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(pij_buf__ssa_v0, [i__idx_v0 * 16, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
            vj_l1_i__ssa_v0: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(value_cache__ssa_v0, [vj_row__ssa_v0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat)
            pij_l0a_i__ssa_v0: pl.Tile[[16, 64], pl.BF16, pl.Mem.Left] = pl.tile.move(pij_l1_i__ssa_v0, target_memory=pl.Mem.Left)
            vj_l0b_i__ssa_v0: pl.Tile[[64, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(vj_l1_i__ssa_v0, target_memory=pl.Mem.Right)
            oi_l0c_acc__ssa_v0: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(oi_l0c_iter, pij_l0a_i__ssa_v0, vj_l0b_i__ssa_v0)
            oi_l0c_out: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.yield_(oi_l0c_acc__ssa_v0)
        oi_new__ssa_v1: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(oi_l0c_out, [0, 0], oi_new__ssa_v0)
        return oi_new__ssa_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_qk_matmul(qi__ssa_v0: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.BF16], key_cache__ssa_v0: pl.Tensor[[KEY_CACHE_ROWS_DYN, KV_HEAD_DIM_DYN], pl.BF16], sij_buf__ssa_v0: pl.Out[pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32]], block_indices__ssa_v0: pl.Tensor[[64], pl.INT32], n_blocks__ssa_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32]:
        # Multi-block QK matmul: sij[i] = qi @ kj[i].T, vertically stacked (CUBE).
        # 
        #     Loops over n_blocks, looking up physical block indices via block_indices
        #     (pre-extracted by orchestration from block_table).
        #     key_cache is stored as (rows, head_dim); transpose at load to get (head_dim, block_size).
        #     
        for i__idx_v0, (sij_buf_iter,) in pl.range(n_blocks__ssa_v0, init_values=(sij_buf__ssa_v0,)):
            phys_block__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(block_indices__ssa_v0, [i__idx_v0])
            kj_row__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(phys_block__ssa_v0, pl.INDEX) * 64
            qi_l1__ssa_v0: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(qi__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat)
            kj_nat__ssa_v0: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(key_cache__ssa_v0, [kj_row__ssa_v0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat)
            kj_l1__ssa_v0: pl.Tile[[128, 64], pl.BF16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(kj_nat__ssa_v0)
            qi_l0a__ssa_v0: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(qi_l1__ssa_v0, target_memory=pl.Mem.Left)
            kj_l0b__ssa_v0: pl.Tile[[128, 64], pl.BF16, pl.Mem.Right] = pl.tile.move(kj_l1__ssa_v0, target_memory=pl.Mem.Right)
            sij_l0c__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(qi_l0a__ssa_v0, kj_l0b__ssa_v0)
            sij_buf_updated__ssa_v0: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32] = pl.tile.store(sij_l0c__ssa_v0, [i__idx_v0 * 16, 0], sij_buf_iter)
            sij_buf_out: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32] = pl.yield_(sij_buf_updated__ssa_v0)
        return sij_buf_out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_softmax_prepare(sij_buf__ssa_v0: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32], scale__ssa_v0: pl.Scalar[pl.FP32], pij_buf__ssa_v0: pl.Out[pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.BF16]], mi_out__ssa_v0: pl.Out[pl.Tensor[[Q_HEADS, 1], pl.FP32]], li_out__ssa_v0: pl.Out[pl.Tensor[[Q_HEADS, 1], pl.FP32]], n_blocks__ssa_v0: pl.Scalar[pl.INDEX], last_valid_len__ssa_v0: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.BF16], pl.Tensor[[Q_HEADS, 1], pl.FP32], pl.Tensor[[Q_HEADS, 1], pl.FP32]]:
        # Two-pass softmax with partial-block support (VECTOR).
        # 
        #     Pass 1 finds global row_max, pass 2 computes exp+sum.
        #     The last block (i == n_blocks - 1) uses valid_shape + fillpad to mask
        #     out invalid columns with -inf so they don't affect row_max or row_sum.
        #     Uses mi_out/li_out as GM scratch for cross-iteration state via store/load round-trips.
        #     
        # Pass 1: find global row_max across all blocks
        for i__idx_v0, (mi_out_iter,) in pl.range(n_blocks__ssa_v0, init_values=(mi_out__ssa_v0,)):
            if i__idx_v0 == n_blocks__ssa_v0 - 1:
                valid_len__rv_v0: pl.Scalar[pl.INDEX] = pl.yield_(last_valid_len__ssa_v0)
            else:
                valid_len__rv_v0: pl.Scalar[pl.INDEX] = pl.yield_(64)
            s_tile__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, valid_len__rv_v0])] = pl.tile.load(sij_buf__ssa_v0, [i__idx_v0 * 16, 0], [16, 64], [16, valid_len__rv_v0], target_memory=pl.Mem.Vec)
            s_tile_padded__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(s_tile__ssa_v0, pad_value=pl.PadValue.min)
            scaled__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.muls(s_tile_padded__ssa_v0, scale__ssa_v0)
            tmp_tile__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            local_max__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(scaled__ssa_v0, tmp_tile__ssa_v0)
            if i__idx_v0 == 0:
                mi_out_updated__ssa_v0: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(local_max__ssa_v0, [0, 0], mi_out_iter)
                mi_out_updated__phi_v2: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.yield_(mi_out_updated__ssa_v0)
            else:
                global_max__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mi_out_iter, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
                gm_nd__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(global_max__ssa_v0, [1, 16])
                lm_nd__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(local_max__ssa_v0, [1, 16])
                new_max__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(pl.tile.maximum(gm_nd__ssa_v0, lm_nd__ssa_v0), [16, 1])
                mi_out_updated__ssa_v1: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(new_max__ssa_v0, [0, 0], mi_out_iter)
                mi_out_updated__phi_v2: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.yield_(mi_out_updated__ssa_v1)
            mi_out_carry: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.yield_(mi_out_updated__phi_v2)
        # Pass 2: exp(s - global_max), cast to bf16, row_sum accumulation
        for i__idx_v0_1, (pij_buf_iter, li_out_iter) in pl.range(n_blocks__ssa_v0, init_values=(pij_buf__ssa_v0, li_out__ssa_v0)):
            global_max__ssa_v0_1: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mi_out_carry, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
            if i__idx_v0_1 == n_blocks__ssa_v0 - 1:
                valid_len_p2__rv_v0: pl.Scalar[pl.INDEX] = pl.yield_(last_valid_len__ssa_v0)
            else:
                valid_len_p2__rv_v0: pl.Scalar[pl.INDEX] = pl.yield_(64)
            s_tile_raw__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, valid_len_p2__rv_v0])] = pl.tile.load(sij_buf__ssa_v0, [i__idx_v0_1 * 16, 0], [16, 64], [16, valid_len_p2__rv_v0], target_memory=pl.Mem.Vec)
            s_tile_p2__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(s_tile_raw__ssa_v0, pad_value=pl.PadValue.min)
            scaled_p2__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.muls(s_tile_p2__ssa_v0, scale__ssa_v0)
            centered__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.row_expand_sub(scaled_p2__ssa_v0, global_max__ssa_v0_1)
            exp_tile__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.exp(centered__ssa_v0)
            pij_bf16__ssa_v0: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.cast(exp_tile__ssa_v0, target_type=pl.BF16, mode='round')
            pij_f32__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.cast(pij_bf16__ssa_v0, target_type=pl.FP32, mode='round')
            pij_buf_updated__ssa_v0: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.BF16] = pl.tile.store(pij_bf16__ssa_v0, [i__idx_v0_1 * 16, 0], pij_buf_iter)
            tmp_tile_p2__ssa_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            li_local__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(pij_f32__ssa_v0, tmp_tile_p2__ssa_v0)
            li_local_nd__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_local__ssa_v0, [1, 16])
            if i__idx_v0_1 == 0:
                li_out_updated__ssa_v0: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(li_local__ssa_v0, [0, 0], li_out_iter)
                li_out_updated__phi_v2: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.yield_(li_out_updated__ssa_v0)
            else:
                li_acc__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(li_out_iter, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
                li_acc_nd__ssa_v0: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_acc__ssa_v0, [1, 16])
                li_sum__ssa_v0: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(pl.tile.add(li_acc_nd__ssa_v0, li_local_nd__ssa_v0), [16, 1])
                li_out_updated__ssa_v1: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(li_sum__ssa_v0, [0, 0], li_out_iter)
                li_out_updated__phi_v2: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.yield_(li_out_updated__ssa_v1)
            pij_buf_carry, li_out_carry = pl.yield_(pij_buf_updated__ssa_v0, li_out_updated__phi_v2)
        return pij_buf_carry, mi_out_carry, li_out_carry
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def paged_attention(self, query__ssa_v0: pl.Tensor[[QUERY_ROWS_DYN, HEAD_DIM_DYN], pl.BF16], key_cache__ssa_v0: pl.Tensor[[KEY_CACHE_ROWS_DYN, HEAD_DIM_DYN], pl.BF16], value_cache__ssa_v0: pl.Tensor[[KEY_CACHE_ROWS_DYN, HEAD_DIM_DYN], pl.BF16], block_table__ssa_v0: pl.Tensor[[BLOCK_TABLE_FLAT_DYN], pl.INT32], context_lens__ssa_v0: pl.Tensor[[BATCH_DYN], pl.INT32], out__ssa_v0: pl.Out[pl.Tensor[[QUERY_ROWS_DYN, HEAD_DIM_DYN], pl.FP32]]) -> pl.Tensor[[QUERY_ROWS_DYN, HEAD_DIM_DYN], pl.FP32]:
        # Paged attention orchestration with shapes derived from tensor dims.
        # 
        #         Shape derivations: batch = context_lens.dim(0),
        #         head_dim = query.dim(1), num_heads = query.dim(0) // batch,
        #         block_num = block_table.dim(0) // batch,
        #         block_size = value_cache.dim(0) // block_table.dim(0).
        #         
        num_heads_cfg__ssa_v0: pl.Scalar[pl.INDEX] = QUERY_ROWS_DYN // BATCH_DYN
        block_size_cfg__ssa_v0: pl.Scalar[pl.INDEX] = KEY_CACHE_ROWS_DYN // BLOCK_TABLE_FLAT_DYN
        block_num_cfg__ssa_v0: pl.Scalar[pl.INDEX] = BLOCK_TABLE_FLAT_DYN // BATCH_DYN
        q_loop_cfg__ssa_v0: pl.Scalar[pl.INDEX] = (num_heads_cfg__ssa_v0 + 16 - 1) // 16
        for b_idx__idx_v0 in pl.range(BATCH_DYN):
            cur_seq__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(context_lens__ssa_v0, [b_idx__idx_v0])
            bn_this_batch__ssa_v0: pl.Scalar[pl.INDEX] = (pl.cast(cur_seq__ssa_v0, pl.INDEX) + block_size_cfg__ssa_v0 - 1) // block_size_cfg__ssa_v0
            for q_idx__idx_v0 in pl.range(q_loop_cfg__ssa_v0):
                cur_offset__ssa_v0: pl.Scalar[pl.INDEX] = b_idx__idx_v0 * num_heads_cfg__ssa_v0 + q_idx__idx_v0 * 16
                # Allocate accumulators with concrete shapes, then bind to
                # dynamic-shape types via init_inplace so they can be carried
                # across iterations of the bn loop without a type mismatch.
                oi_buf__ssa_v0: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = pl.tensor.create([16, HEAD_DIM_DYN], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                li_buf__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                mi_buf__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                _tuple_tmp__ssa_v0: pl.Tuple[pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]] = self.kernel_init_inplace(oi_buf__ssa_v0, li_buf__ssa_v0, mi_buf__ssa_v0)
                oi__ssa_v0: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = _tuple_tmp__ssa_v0[0]
                li_update__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0[1]
                mi_update__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0[2]
                qi__ssa_v0: pl.Tensor[[16, HEAD_DIM_DYN], pl.BF16] = pl.tensor.slice(query__ssa_v0, [16, HEAD_DIM_DYN], [cur_offset__ssa_v0, 0])
                # ── n_unroll loop over KV blocks ──────────
                # type: ignore[reportArgumentType]
                for bn__idx_v0, (li_update__iter_v1, mi_update__iter_v1, oi__iter_v1) in pl.range(0, bn_this_batch__ssa_v0, 64, init_values=(li_update__ssa_v0, mi_update__ssa_v0, oi__ssa_v0)):
                    # type: ignore[reportArgumentType]
                    n_blocks__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(64, bn_this_batch__ssa_v0 - bn__idx_v0)
                    bt_offset__ssa_v0: pl.Scalar[pl.INDEX] = b_idx__idx_v0 * block_num_cfg__ssa_v0 + bn__idx_v0
                    # Pre-extract block indices from block_table (multi-config)
                    # type: ignore[reportArgumentType]
                    block_indices__ssa_v0: pl.Tensor[[64], pl.INT32] = pl.tensor.slice(block_table__ssa_v0, [64], [bt_offset__ssa_v0])
                    # valid columns for the last block in this unroll group
                    last_valid_len__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(block_size_cfg__ssa_v0, pl.cast(cur_seq__ssa_v0, pl.INDEX) - (bn__idx_v0 + n_blocks__ssa_v0 - 1) * block_size_cfg__ssa_v0)
                    # 1. QK matmul (CUBE)
                    sij_buf_in__ssa_v0: pl.Tensor[[1024, block_size_cfg__ssa_v0], pl.FP32] = pl.tensor.create([1024, block_size_cfg__ssa_v0], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    sij_buf__ssa_v0: pl.Tensor[[1024, block_size_cfg__ssa_v0], pl.FP32] = self.kernel_qk_matmul(qi__ssa_v0, key_cache__ssa_v0, sij_buf_in__ssa_v0, block_indices__ssa_v0, n_blocks__ssa_v0)
                    # 2. Softmax prepare (VECTOR)
                    pij_buf_in__ssa_v0: pl.Tensor[[1024, block_size_cfg__ssa_v0], pl.BF16] = pl.tensor.create([1024, block_size_cfg__ssa_v0], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                    mi_buf_in__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    li_buf_in__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    # type: ignore[reportArgumentType]
                    # type: ignore[reportArgumentType]
                    _tuple_tmp__ssa_v0_1: pl.Tuple[pl.Tensor[[1024, block_size_cfg__ssa_v0], pl.BF16], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]] = self.kernel_softmax_prepare(sij_buf__ssa_v0, 1.0, pij_buf_in__ssa_v0, mi_buf_in__ssa_v0, li_buf_in__ssa_v0, n_blocks__ssa_v0, last_valid_len__ssa_v0)
                    pij_buf__ssa_v0: pl.Tensor[[1024, block_size_cfg__ssa_v0], pl.BF16] = _tuple_tmp__ssa_v0_1[0]
                    mi__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0_1[1]
                    li__ssa_v0: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0_1[2]
                    # 3. PV matmul (CUBE)
                    oi_new_in__ssa_v0: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = pl.tensor.create([16, HEAD_DIM_DYN], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    oi_new__ssa_v0: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = self.kernel_pv_matmul(pij_buf__ssa_v0, value_cache__ssa_v0, oi_new_in__ssa_v0, block_indices__ssa_v0, n_blocks__ssa_v0)
                    # 4. Online update flags
                    if bn__idx_v0 == 0:
                        is_first__rv_v0: pl.Scalar[pl.INDEX] = pl.yield_(1)
                    else:
                        is_first__rv_v0: pl.Scalar[pl.INDEX] = pl.yield_(0)
                    if bn__idx_v0 + n_blocks__ssa_v0 == bn_this_batch__ssa_v0:
                        is_last__rv_v0: pl.Scalar[pl.INDEX] = pl.yield_(1)
                    else:
                        is_last__rv_v0: pl.Scalar[pl.INDEX] = pl.yield_(0)
                    # 5. Online update (VECTOR)
                    out_view_buf__ssa_v0: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = pl.tensor.slice(out__ssa_v0, [16, HEAD_DIM_DYN], [cur_offset__ssa_v0, 0])
                    _tuple_tmp__ssa_v0_2: pl.Tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32], pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32]] = self.kernel_online_update(mi__ssa_v0, li__ssa_v0, oi_new__ssa_v0, mi_update__iter_v1, li_update__iter_v1, oi__iter_v1, out_view_buf__ssa_v0, is_first__rv_v0, is_last__rv_v0)
                    mi_update__ssa_v3: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0_2[0]
                    li_update__ssa_v3: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp__ssa_v0_2[1]
                    oi__ssa_v3: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = _tuple_tmp__ssa_v0_2[2]
                    out_view__ssa_v0: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = _tuple_tmp__ssa_v0_2[3]
                    li_update__rv_v2, mi_update__rv_v2, oi__rv_v2 = pl.yield_(li_update__ssa_v3, mi_update__ssa_v3, oi__ssa_v3)
        return out__ssa_v0
