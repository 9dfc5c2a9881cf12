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
    def kernel_init_inplace(oi: pl.Out[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]], li: pl.Out[pl.Tensor[[Q_HEADS, 1], pl.FP32]], mi: pl.Out[pl.Tensor[[Q_HEADS, 1], pl.FP32]]) -> tuple[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32], pl.Tensor[[Q_HEADS, 1], pl.FP32], pl.Tensor[[Q_HEADS, 1], pl.FP32]]:
        # No-op passthrough that binds concrete create_tensor shapes to dynamic types.
        # 
        #     pl.create_tensor zero-initialises the buffers before this call; this
        #     function exists solely to propagate dynamic-shape types at the call site
        #     so downstream kernel returns can be reassigned to the same variables.
        #     
        return oi, li, mi
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_online_update(mij: pl.Tensor[[Q_HEADS, 1], pl.FP32], lij: pl.Tensor[[Q_HEADS, 1], pl.FP32], oi_new: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32], mi: pl.InOut[pl.Tensor[[Q_HEADS, 1], pl.FP32]], li: pl.InOut[pl.Tensor[[Q_HEADS, 1], pl.FP32]], oi: pl.InOut[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]], dst: pl.Out[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]], is_first: pl.Scalar[pl.INDEX], is_last: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[Q_HEADS, 1], pl.FP32], pl.Tensor[[Q_HEADS, 1], pl.FP32], pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32], pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]]:
        # noqa: PLR0913
        # Online softmax update with inplace mi/li/oi (VECTOR).
        # 
        #     Merges current group's (mij, lij, oi_new) into running accumulators
        #     (mi, li, oi). On last iteration, writes normalised output to dst.
        #     
        mij_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mij, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        lij_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(lij, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        oi_new_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(oi_new, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        mi_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mi, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        li_tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(li, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
        oi_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(oi, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        if is_first == 1:
            mi_out: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(mij_tile, [0, 0], mi)
            li_out: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(lij_tile, [0, 0], li)
            oi_out: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(oi_new_tile, [0, 0], oi)
            if is_last == 1:
                dst_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_new_tile, lij_tile)
                dst_out: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(dst_tile, [0, 0], dst)
            else:
                zero_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
                dst_out: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(zero_tile, [0, 0], dst)
        else:
            # Reshape DN [q_tile,1] -> ND [1,q_tile] for element-wise ops
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
            alpha_dn: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(alpha, [16, 1])
            oi_scaled: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_tile, alpha_dn)
            beta_dn: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(beta, [16, 1])
            oi_new_scaled: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi_new_tile, beta_dn)
            oi_updated: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(oi_scaled, oi_new_scaled)
            mi_new_dn: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(mi_new, [16, 1])
            li_updated_dn: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_updated, [16, 1])
            mi_out: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(mi_new_dn, [0, 0], mi)
            li_out: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(li_updated_dn, [0, 0], li)
            oi_out: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(oi_updated, [0, 0], oi)
            if is_last == 1:
                dst_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi_updated, li_updated_dn)
                dst_out: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(dst_tile, [0, 0], dst)
            else:
                zero_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
                dst_out: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(zero_tile, [0, 0], dst)
        return mi_out, li_out, oi_out, dst_out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_pv_matmul(pij_buf: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.BF16], value_cache: pl.Tensor[[KEY_CACHE_ROWS_DYN, KV_HEAD_DIM_DYN], pl.BF16], oi_new: pl.Out[pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]], block_indices: pl.Tensor[[64], pl.INT32], n_blocks: pl.Scalar[pl.INDEX]) -> pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32]:
        # SplitK PV matmul: first block via matmul, rest via matmul_acc (CUBE).
        # 
        #     Accumulates pij[i] @ vj[i] across n_blocks on L0C, then stores result.
        #     block_indices pre-extracted by orchestration from block_table.
        #     
        # First block: matmul (creates L0C accumulator)
        # Use (n_blocks - n_blocks) to get an INDEX-typed zero for the first read
        first_idx: pl.Scalar[pl.INDEX] = n_blocks - n_blocks
        phys_block_0: pl.Scalar[pl.INT32] = pl.tensor.read(block_indices, [first_idx])
        vj_row_0: pl.Scalar[pl.INDEX] = pl.cast(phys_block_0, pl.INDEX) * 64
        pij_l1: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(pij_buf, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
        vj_l1: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(value_cache, [vj_row_0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat)
        pij_l0a: pl.Tile[[16, 64], pl.BF16, pl.Mem.Left] = pl.tile.move(pij_l1, target_memory=pl.Mem.Left)
        vj_l0b: pl.Tile[[64, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(vj_l1, target_memory=pl.Mem.Right)
        oi_l0c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(pij_l0a, vj_l0b)
        oi_l0c_out: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = oi_l0c
        # Remaining blocks: matmul_acc (accumulate onto L0C)
        for i, (oi_l0c_iter,) in pl.range(1, n_blocks, init_values=(oi_l0c,)):
            phys_block: pl.Scalar[pl.INT32] = pl.tensor.read(block_indices, [i])
            vj_row: pl.Scalar[pl.INDEX] = pl.cast(phys_block, pl.INDEX) * 64
            pij_l1_i: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(pij_buf, [i * 16, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat)
            vj_l1_i: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(value_cache, [vj_row, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat)
            pij_l0a_i: pl.Tile[[16, 64], pl.BF16, pl.Mem.Left] = pl.tile.move(pij_l1_i, target_memory=pl.Mem.Left)
            vj_l0b_i: pl.Tile[[64, 128], pl.BF16, pl.Mem.Right] = pl.tile.move(vj_l1_i, target_memory=pl.Mem.Right)
            oi_l0c_acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(oi_l0c_iter, pij_l0a_i, vj_l0b_i)
            oi_l0c_out_1: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.yield_(oi_l0c_acc)
        oi_new: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.FP32] = pl.tile.store(oi_l0c_out_1, [0, 0], oi_new)
        return oi_new
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_qk_matmul(qi: pl.Tensor[[Q_HEADS, HEAD_DIM_DYN], pl.BF16], key_cache: pl.Tensor[[KEY_CACHE_ROWS_DYN, KV_HEAD_DIM_DYN], pl.BF16], sij_buf: pl.Out[pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32]], block_indices: pl.Tensor[[64], pl.INT32], n_blocks: pl.Scalar[pl.INDEX]) -> pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32]:
        # Multi-block QK matmul: sij[i] = qi @ kj[i].T, vertically stacked (CUBE).
        # 
        #     Loops over n_blocks, looking up physical block indices via block_indices
        #     (pre-extracted by orchestration from block_table).
        #     key_cache is stored as (rows, head_dim); transpose at load to get (head_dim, block_size).
        #     
        for i, (sij_buf_iter,) in pl.range(n_blocks, init_values=(sij_buf,)):
            phys_block: pl.Scalar[pl.INT32] = pl.tensor.read(block_indices, [i])
            kj_row: pl.Scalar[pl.INDEX] = pl.cast(phys_block, pl.INDEX) * 64
            qi_l1: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(qi, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat)
            kj_nat: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(key_cache, [kj_row, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat)
            kj_l1: pl.Tile[[128, 64], pl.BF16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(kj_nat)
            qi_l0a: pl.Tile[[16, 128], pl.BF16, pl.Mem.Left] = pl.tile.move(qi_l1, target_memory=pl.Mem.Left)
            kj_l0b: pl.Tile[[128, 64], pl.BF16, pl.Mem.Right] = pl.tile.move(kj_l1, target_memory=pl.Mem.Right)
            sij_l0c: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(qi_l0a, kj_l0b)
            sij_buf_updated: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32] = pl.tile.store(sij_l0c, [i * 16, 0], sij_buf_iter)
            sij_buf_out: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32] = pl.yield_(sij_buf_updated)
        return sij_buf_out
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel_softmax_prepare(sij_buf: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.FP32], scale: pl.Scalar[pl.FP32], pij_buf: pl.Out[pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.BF16]], mi_out: pl.Out[pl.Tensor[[Q_HEADS, 1], pl.FP32]], li_out: pl.Out[pl.Tensor[[Q_HEADS, 1], pl.FP32]], n_blocks: pl.Scalar[pl.INDEX], last_valid_len: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.BF16], pl.Tensor[[Q_HEADS, 1], pl.FP32], pl.Tensor[[Q_HEADS, 1], pl.FP32]]:
        # Two-pass softmax with partial-block support (VECTOR).
        # 
        #     Pass 1 finds global row_max, pass 2 computes exp+sum.
        #     The last block (i == n_blocks - 1) uses valid_shape + fillpad to mask
        #     out invalid columns with -inf so they don't affect row_max or row_sum.
        #     Uses mi_out/li_out as GM scratch for cross-iteration state via store/load round-trips.
        #     
        # Pass 1: find global row_max across all blocks
        for i, (mi_out_iter,) in pl.range(n_blocks, init_values=(mi_out,)):
            if i == n_blocks - 1:
                valid_len: pl.Scalar[pl.INDEX] = pl.yield_(last_valid_len)
            else:
                valid_len: pl.Scalar[pl.INDEX] = pl.yield_(64)
            s_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, valid_len])] = pl.tile.load(sij_buf, [i * 16, 0], [16, 64], [16, valid_len], target_memory=pl.Mem.Vec)
            s_tile_padded: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(s_tile, pad_value=pl.PadValue.min)
            scaled: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.muls(s_tile_padded, scale)
            tmp_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            local_max: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(scaled, tmp_tile)
            if i == 0:
                mi_out_updated: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(local_max, [0, 0], mi_out_iter)
            else:
                global_max: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mi_out_iter, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
                gm_nd: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(global_max, [1, 16])
                lm_nd: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(local_max, [1, 16])
                new_max: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(pl.tile.maximum(gm_nd, lm_nd), [16, 1])
                mi_out_updated: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(new_max, [0, 0], mi_out_iter)
            mi_out_carry: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.yield_(mi_out_updated)
        # Pass 2: exp(s - global_max), cast to bf16, row_sum accumulation
        for i_1, (pij_buf_iter, li_out_iter) in pl.range(n_blocks, init_values=(pij_buf, li_out)):
            global_max_1: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(mi_out_carry, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
            if i_1 == n_blocks - 1:
                valid_len_p2: pl.Scalar[pl.INDEX] = pl.yield_(last_valid_len)
            else:
                valid_len_p2: pl.Scalar[pl.INDEX] = pl.yield_(64)
            s_tile_raw: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, valid_len_p2])] = pl.tile.load(sij_buf, [i_1 * 16, 0], [16, 64], [16, valid_len_p2], target_memory=pl.Mem.Vec)
            s_tile_p2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(s_tile_raw, pad_value=pl.PadValue.min)
            scaled_p2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.muls(s_tile_p2, scale)
            centered: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.row_expand_sub(scaled_p2, global_max_1)
            exp_tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.exp(centered)
            pij_bf16: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.cast(exp_tile, target_type=pl.BF16, mode='round')
            pij_f32: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.cast(pij_bf16, target_type=pl.FP32, mode='round')
            pij_buf_updated: pl.Tensor[[1024, BLOCK_SIZE_DYN], pl.BF16] = pl.tile.store(pij_bf16, [i_1 * 16, 0], pij_buf_iter)
            tmp_tile_p2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            li_local: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(pij_f32, tmp_tile_p2)
            li_local_nd: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_local, [1, 16])
            if i_1 == 0:
                li_out_updated: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(li_local, [0, 0], li_out_iter)
            else:
                li_acc: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.load(li_out_iter, [0, 0], [16, 1], [16, 1], target_memory=pl.Mem.Vec)
                li_acc_nd: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(li_acc, [1, 16])
                li_sum: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(pl.tile.add(li_acc_nd, li_local_nd), [16, 1])
                li_out_updated: pl.Tensor[[Q_HEADS, 1], pl.FP32] = pl.tile.store(li_sum, [0, 0], li_out_iter)
            pij_buf_carry, li_out_carry = pl.yield_(pij_buf_updated, li_out_updated)
        return pij_buf_carry, mi_out_carry, li_out_carry
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def paged_attention(self, query: pl.Tensor[[QUERY_ROWS_DYN, HEAD_DIM_DYN], pl.BF16], key_cache: pl.Tensor[[KEY_CACHE_ROWS_DYN, HEAD_DIM_DYN], pl.BF16], value_cache: pl.Tensor[[KEY_CACHE_ROWS_DYN, HEAD_DIM_DYN], pl.BF16], block_table: pl.Tensor[[BLOCK_TABLE_FLAT_DYN], pl.INT32], context_lens: pl.Tensor[[BATCH_DYN], pl.INT32], out: pl.Out[pl.Tensor[[QUERY_ROWS_DYN, HEAD_DIM_DYN], pl.FP32]]) -> pl.Tensor[[QUERY_ROWS_DYN, HEAD_DIM_DYN], pl.FP32]:
        # Paged attention orchestration with shapes derived from tensor dims.
        # 
        #         Shape derivations: batch = context_lens.dim(0),
        #         head_dim = query.dim(1), num_heads = query.dim(0) // batch,
        #         block_num = block_table.dim(0) // batch,
        #         block_size = value_cache.dim(0) // block_table.dim(0).
        #         
        num_heads_cfg: pl.Scalar[pl.INDEX] = QUERY_ROWS_DYN // BATCH_DYN
        block_size_cfg: pl.Scalar[pl.INDEX] = KEY_CACHE_ROWS_DYN // BLOCK_TABLE_FLAT_DYN
        block_num_cfg: pl.Scalar[pl.INDEX] = BLOCK_TABLE_FLAT_DYN // BATCH_DYN
        q_loop_cfg: pl.Scalar[pl.INDEX] = (num_heads_cfg + 16 - 1) // 16
        for b_idx in pl.range(BATCH_DYN):
            cur_seq: pl.Scalar[pl.INT32] = pl.tensor.read(context_lens, [b_idx])
            bn_this_batch: pl.Scalar[pl.INDEX] = (pl.cast(cur_seq, pl.INDEX) + block_size_cfg - 1) // block_size_cfg
            for q_idx in pl.range(q_loop_cfg):
                cur_offset: pl.Scalar[pl.INDEX] = b_idx * num_heads_cfg + q_idx * 16
                # Allocate accumulators with concrete shapes, then bind to
                # dynamic-shape types via init_inplace so they can be carried
                # across iterations of the bn loop without a type mismatch.
                oi_buf: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = pl.tensor.create([16, HEAD_DIM_DYN], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                li_buf: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                mi_buf: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                _tuple_tmp: pl.Tuple[pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]] = self.kernel_init_inplace(oi_buf, li_buf, mi_buf)
                oi: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = _tuple_tmp[0]
                li_update: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp[1]
                mi_update: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp[2]
                qi: pl.Tensor[[16, HEAD_DIM_DYN], pl.BF16] = pl.tensor.slice(query, [16, HEAD_DIM_DYN], [cur_offset, 0])
                # ── n_unroll loop over KV blocks ──────────
                # type: ignore[reportArgumentType]
                for bn in pl.range(0, bn_this_batch, 64):
                    # type: ignore[reportArgumentType]
                    n_blocks: pl.Scalar[pl.INDEX] = pl.min(64, bn_this_batch - bn)
                    bt_offset: pl.Scalar[pl.INDEX] = b_idx * block_num_cfg + bn
                    # Pre-extract block indices from block_table (multi-config)
                    # type: ignore[reportArgumentType]
                    block_indices: pl.Tensor[[64], pl.INT32] = pl.tensor.slice(block_table, [64], [bt_offset])
                    # valid columns for the last block in this unroll group
                    last_valid_len: pl.Scalar[pl.INDEX] = pl.min(block_size_cfg, pl.cast(cur_seq, pl.INDEX) - (bn + n_blocks - 1) * block_size_cfg)
                    # 1. QK matmul (CUBE)
                    sij_buf_in: pl.Tensor[[1024, block_size_cfg], pl.FP32] = pl.tensor.create([1024, block_size_cfg], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    sij_buf: pl.Tensor[[1024, block_size_cfg], pl.FP32] = self.kernel_qk_matmul(qi, key_cache, sij_buf_in, block_indices, n_blocks)
                    # 2. Softmax prepare (VECTOR)
                    pij_buf_in: pl.Tensor[[1024, block_size_cfg], pl.BF16] = pl.tensor.create([1024, block_size_cfg], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                    mi_buf_in: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    li_buf_in: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.create([16, 1], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    # type: ignore[reportArgumentType]
                    # type: ignore[reportArgumentType]
                    _tuple_tmp_1: pl.Tuple[pl.Tensor[[1024, block_size_cfg], pl.BF16], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32]] = self.kernel_softmax_prepare(sij_buf, 1.0, pij_buf_in, mi_buf_in, li_buf_in, n_blocks, last_valid_len)
                    pij_buf: pl.Tensor[[1024, block_size_cfg], pl.BF16] = _tuple_tmp_1[0]
                    mi: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp_1[1]
                    li: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp_1[2]
                    # 3. PV matmul (CUBE)
                    oi_new_in: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = pl.tensor.create([16, HEAD_DIM_DYN], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                    oi_new: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = self.kernel_pv_matmul(pij_buf, value_cache, oi_new_in, block_indices, n_blocks)
                    # 4. Online update flags
                    if bn == 0:
                        is_first: pl.Scalar[pl.INDEX] = pl.yield_(1)
                    else:
                        is_first: pl.Scalar[pl.INDEX] = pl.yield_(0)
                    if bn + n_blocks == bn_this_batch:
                        is_last: pl.Scalar[pl.INDEX] = pl.yield_(1)
                    else:
                        is_last: pl.Scalar[pl.INDEX] = pl.yield_(0)
                    # 5. Online update (VECTOR)
                    out_view_buf: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = pl.tensor.slice(out, [16, HEAD_DIM_DYN], [cur_offset, 0])
                    _tuple_tmp_2: pl.Tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32], pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32]] = self.kernel_online_update(mi, li, oi_new, mi_update, li_update, oi, out_view_buf, is_first, is_last)
                    mi_update: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp_2[0]
                    li_update: pl.Tensor[[16, 1], pl.FP32] = _tuple_tmp_2[1]
                    oi: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = _tuple_tmp_2[2]
                    out_view: pl.Tensor[[16, HEAD_DIM_DYN], pl.FP32] = _tuple_tmp_2[3]
        return out
