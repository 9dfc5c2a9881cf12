# pypto.program: DeepSeekV32DecodeFrontScope1234
import pypto.language as pl

@pl.program
class DeepSeekV32DecodeFrontScope1234:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def decode_cache_write(seq_lens__ssa_v0: pl.Tensor[[16], pl.INT32], b__idx_v0: pl.Scalar[pl.INDEX], rope_cos__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], rope_sin__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], kv_normed_out__ssa_v1: pl.Tensor[[16, 512], pl.BF16], kv_a_out__rv_v2: pl.Tensor[[16, 576], pl.BF16], kv_cache__iter_v1: pl.Out[pl.Tensor[[65536, 512], pl.BF16]], pe_cache__iter_v1: pl.Out[pl.Tensor[[65536, 64], pl.BF16]]) -> tuple[pl.Tensor[[65536, 512], pl.BF16], pl.Tensor[[65536, 64], pl.BF16]]:
        ctx_len__tile: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0])
        pos__ssa_v1: pl.Scalar[pl.INDEX] = pl.cast(ctx_len__tile, pl.INDEX) - 1
        cache_row__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0 * 4096 + pos__ssa_v1
        cos_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_cos__ssa_v0, [pos__ssa_v1, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        cos_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_cos__ssa_v0, [pos__ssa_v1, 32], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        sin_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_sin__ssa_v0, [pos__ssa_v1, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        sin_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_sin__ssa_v0, [pos__ssa_v1, 32], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        kv_normed_row__tile: pl.Tile[[1, 512], pl.BF16, pl.Mem.Vec] = pl.tile.load(kv_normed_out__ssa_v1, [b__idx_v0, 0], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(kv_a_out__rv_v2, [b__idx_v0, 512], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        pe_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
        t__tile_1: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(kv_a_out__rv_v2, [b__idx_v0, 544], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        pe_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_1, target_type=pl.FP32, mode='round')
        t__tile_2: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(pe_lo__tile, cos_lo__tile)
        t__tile_3: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(pe_hi__tile, sin_lo__tile)
        pe_rot_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.sub(t__tile_2, t__tile_3)
        t__tile_4: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(pe_hi__tile, cos_hi__tile)
        t__tile_5: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(pe_lo__tile, sin_hi__tile)
        pe_rot_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_4, t__tile_5)
        kv_cache__tile: pl.Tensor[[65536, 512], pl.BF16] = pl.tile.store(kv_normed_row__tile, [cache_row__ssa_v0, 0], kv_cache__iter_v1)
        t__tile_6: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.cast(pe_rot_lo__tile, target_type=pl.BF16, mode='round')
        pe_cache__tile: pl.Tensor[[65536, 64], pl.BF16] = pl.tile.store(t__tile_6, [cache_row__ssa_v0, 0], pe_cache__iter_v1)
        t__tile_7: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.cast(pe_rot_hi__tile, target_type=pl.BF16, mode='round')
        pe_cache__tile_1: pl.Tensor[[65536, 64], pl.BF16] = pl.tile.store(t__tile_7, [cache_row__ssa_v0, 32], pe_cache__tile)
        return kv_cache__iter_v1, pe_cache__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def input_rmsnorm(hidden_states__ssa_v0: pl.Tensor[[16, 7168], pl.BF16], normed_states__ssa_v0: pl.Out[pl.Tensor[[16, 7168], pl.BF16]], input_rms_weight__ssa_v0: pl.Tensor[[1, 7168], pl.FP32]) -> pl.Tensor[[16, 7168], pl.BF16]:
        partial_sq__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 16], dtype=pl.FP32, value=0.0)
        for k0__idx_v0, (partial_sq__iter_v1,) in pl.range(0, 7168, 512, init_values=(partial_sq__tile,)):
            t__tile: pl.Tile[[16, 512], pl.BF16, pl.Mem.Vec] = pl.tile.load(hidden_states__ssa_v0, [0, k0__idx_v0], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
            x_chunk__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
            t__tile_1: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.mul(x_chunk__tile, x_chunk__tile)
            tmp_tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 512], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            t__tile_2: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile_1, tmp_tile)
            t__tile_3: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_2, [1, 16])
            partial_sq__tile_1: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(partial_sq__iter_v1, t__tile_3)
            partial_sq__rv_v2: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(partial_sq__tile_1)
        t__tile_4: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(partial_sq__rv_v2, 0.00013950892857142856)
        t__tile_5: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__tile_4, 9.9999999999999995e-07)
        variance__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_5, [16, 1])
        t__tile_6: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sqrt(variance__tile)
        inv_rms__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.recip(t__tile_6)
        for k0__idx_v0_1, (normed_states__iter_v1,) in pl.range(0, 7168, 512, init_values=(normed_states__ssa_v0,)):
            x_chunk_bf16__tile: pl.Tile[[16, 512], pl.BF16, pl.Mem.Vec] = pl.tile.load(hidden_states__ssa_v0, [0, k0__idx_v0_1], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
            x_tile__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.cast(x_chunk_bf16__tile, target_type=pl.FP32, mode='round')
            gamma__tile: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(input_rms_weight__ssa_v0, [0, k0__idx_v0_1], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
            t__tile_7: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(x_tile__tile, inv_rms__tile)
            normed__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(t__tile_7, gamma__tile)
            t__tile_8: pl.Tile[[16, 512], pl.BF16, pl.Mem.Vec] = pl.tile.cast(normed__tile, target_type=pl.BF16, mode='round')
            normed_states__tile: pl.Tensor[[16, 7168], pl.BF16] = pl.tile.store(t__tile_8, [0, k0__idx_v0_1], normed_states__iter_v1)
            normed_states__rv_v2: pl.Tensor[[16, 7168], pl.BF16] = pl.yield_(normed_states__tile)
        return normed_states__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kv_a_proj(normed_states__rv_v2: pl.Tensor[[16, 7168], pl.BF16], wkv_a__ssa_v0: pl.Tensor[[7168, 576], pl.BF16], kv0__idx_v0: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        kv_tile_a__tile: pl.Tile[[16, 512], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [0, 0], [16, 512], [16, 512], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        kv_tile_b__tile: pl.Tile[[512, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wkv_a__ssa_v0, [0, kv0__idx_v0], [512, 64], [512, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        kv_acc__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(kv_tile_a__tile, kv_tile_b__tile)
        for k0__idx_v0, (kv_acc__iter_v1,) in pl.range(512, 7168, 512, init_values=(kv_acc__tile,)):
            kv_tile_a_i__tile: pl.Tile[[16, 512], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [0, k0__idx_v0], [16, 512], [16, 512], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            kv_tile_b_i__tile: pl.Tile[[512, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wkv_a__ssa_v0, [k0__idx_v0, kv0__idx_v0], [512, 64], [512, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            kv_acc__tile_1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(kv_acc__iter_v1, kv_tile_a_i__tile, kv_tile_b_i__tile)
            kv_acc__rv_v2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.yield_(kv_acc__tile_1)
        ret0__store: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(kv_acc__rv_v2, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kv_a_write(kv_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32], kv_a_out__iter_v1: pl.Out[pl.Tensor[[16, 576], pl.BF16]], kv0__idx_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 576], pl.BF16]:
        kv_acc__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(kv_acc__rv_v2, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(kv_acc__tile, target_type=pl.BF16, mode='round')
        kv_a_out__tile: pl.Tensor[[16, 576], pl.BF16] = pl.tile.store(t__tile, [0, kv0__idx_v0], kv_a_out__iter_v1)
        return kv_a_out__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kv_rmsnorm(kv_a_out__rv_v2: pl.Tensor[[16, 576], pl.BF16], kv_norm_weight__ssa_v0: pl.Tensor[[1, 512], pl.FP32], kv_normed_out__ssa_v0: pl.Out[pl.Tensor[[16, 512], pl.BF16]]) -> pl.Tensor[[16, 512], pl.BF16]:
        t__tile: pl.Tile[[16, 512], pl.BF16, pl.Mem.Vec] = pl.tile.load(kv_a_out__rv_v2, [0, 0], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        kv_rows__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
        t__tile_1: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.mul(kv_rows__tile, kv_rows__tile)
        tmp_tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 512], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        t__tile_2: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile_1, tmp_tile)
        kv_partial_sq__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_2, [1, 16])
        t__tile_3: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(kv_partial_sq__tile, 0.001953125)
        t__tile_4: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__tile_3, 9.9999999999999995e-07)
        kv_variance__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_4, [16, 1])
        t__tile_5: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sqrt(kv_variance__tile)
        kv_inv_rms__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.recip(t__tile_5)
        kv_gamma__tile: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(kv_norm_weight__ssa_v0, [0, 0], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
        t__tile_6: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(kv_rows__tile, kv_inv_rms__tile)
        kv_normed__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(t__tile_6, kv_gamma__tile)
        t__tile_7: pl.Tile[[16, 512], pl.BF16, pl.Mem.Vec] = pl.tile.cast(kv_normed__tile, target_type=pl.BF16, mode='round')
        kv_normed_out__tile: pl.Tensor[[16, 512], pl.BF16] = pl.tile.store(t__tile_7, [0, 0], kv_normed_out__ssa_v0)
        return kv_normed_out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def q_head_proj(qr_out__rv_v2: pl.Tensor[[16, 1536], pl.BF16], wq_b__ssa_v0: pl.Tensor[[1536, 24576], pl.BF16], q0__idx_v0: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        q_chunk_init__tile: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(qr_out__rv_v2, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wq_b_init__tile: pl.Tile[[64, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wq_b__ssa_v0, [0, q0__idx_v0], [64, 64], [64, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        q_out_acc__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(q_chunk_init__tile, wq_b_init__tile)
        for k0__idx_v0, (q_out_acc__iter_v1,) in pl.range(64, 1536, 64, init_values=(q_out_acc__tile,)):
            q_chunk__tile: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(qr_out__rv_v2, [0, k0__idx_v0], [16, 64], [16, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wq_b_chunk__tile: pl.Tile[[64, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wq_b__ssa_v0, [k0__idx_v0, q0__idx_v0], [64, 64], [64, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            q_out_acc__tile_1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(q_out_acc__iter_v1, q_chunk__tile, wq_b_chunk__tile)
            q_out_acc__rv_v2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.yield_(q_out_acc__tile_1)
        ret0__store: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(q_out_acc__rv_v2, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def q_head_proj_write(q_out_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32], q_proj__iter_v1: pl.Out[pl.Tensor[[16, 24576], pl.BF16]], q0__idx_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 24576], pl.BF16]:
        q_out_acc__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(q_out_acc__rv_v2, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(q_out_acc__tile, target_type=pl.BF16, mode='round')
        q_proj__tile: pl.Tensor[[16, 24576], pl.BF16] = pl.tile.store(t__tile, [0, q0__idx_v0], q_proj__iter_v1)
        return q_proj__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def q_lora_proj(normed_states__rv_v2: pl.Tensor[[16, 7168], pl.BF16], wq_a__ssa_v0: pl.Tensor[[7168, 1536], pl.BF16], q0__idx_v0: pl.Scalar[pl.INDEX], qr_fp32__iter_v1: pl.Out[pl.Tensor[[16, 1536], pl.FP32]]) -> pl.Tensor[[16, 1536], pl.FP32]:
        q_tile_a__tile: pl.Tile[[16, 512], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [0, 0], [16, 512], [16, 512], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        q_tile_b__tile: pl.Tile[[512, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wq_a__ssa_v0, [0, q0__idx_v0], [512, 64], [512, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        q_acc__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(q_tile_a__tile, q_tile_b__tile)
        for k0__idx_v0, (q_acc__iter_v1,) in pl.range(512, 7168, 512, init_values=(q_acc__tile,)):
            q_tile_a_i__tile: pl.Tile[[16, 512], pl.BF16, pl.Mem.Mat] = pl.tile.load(normed_states__rv_v2, [0, k0__idx_v0], [16, 512], [16, 512], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            q_tile_b_i__tile: pl.Tile[[512, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wq_a__ssa_v0, [k0__idx_v0, q0__idx_v0], [512, 64], [512, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            q_acc__tile_1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(q_acc__iter_v1, q_tile_a_i__tile, q_tile_b_i__tile)
            q_acc__rv_v2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.yield_(q_acc__tile_1)
        qr_fp32__tile: pl.Tensor[[16, 1536], pl.FP32] = pl.tile.store(q_acc__rv_v2, [0, q0__idx_v0], qr_fp32__iter_v1)
        return qr_fp32__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def q_lora_rmsnorm(qr_fp32__rv_v2: pl.Tensor[[16, 1536], pl.FP32], qr_out__ssa_v0: pl.Out[pl.Tensor[[16, 1536], pl.BF16]], q_norm_weight__ssa_v0: pl.Tensor[[1, 1536], pl.FP32]) -> pl.Tensor[[16, 1536], pl.BF16]:
        q_partial_sq__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 16], dtype=pl.FP32, value=0.0)
        for k0__idx_v0, (q_partial_sq__iter_v1,) in pl.range(0, 1536, 64, init_values=(q_partial_sq__tile,)):
            qr_chunk_fp32__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(qr_fp32__rv_v2, [0, k0__idx_v0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
            t__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(qr_chunk_fp32__tile, qr_chunk_fp32__tile)
            tmp_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            t__tile_1: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile, tmp_tile)
            q_partial__tile: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_1, [1, 16])
            q_partial_sq__tile_1: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(q_partial_sq__iter_v1, q_partial__tile)
            q_partial_sq__rv_v2: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(q_partial_sq__tile_1)
        t__tile_2: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(q_partial_sq__rv_v2, 0.00065104166666666663)
        t__tile_3: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__tile_2, 9.9999999999999995e-07)
        q_variance__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_3, [16, 1])
        t__tile_4: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sqrt(q_variance__tile)
        q_inv_rms__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.recip(t__tile_4)
        for k0__idx_v0_1, (qr_out__iter_v1,) in pl.range(0, 1536, 64, init_values=(qr_out__ssa_v0,)):
            t__tile_5: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(qr_fp32__rv_v2, [0, k0__idx_v0_1], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
            qr_chunk_bf16__tile: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(t__tile_5, target_type=pl.BF16, mode='round')
            qr_chunk_fp32__tile_1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.cast(qr_chunk_bf16__tile, target_type=pl.FP32, mode='round')
            q_gamma__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(q_norm_weight__ssa_v0, [0, k0__idx_v0_1], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
            t__tile_6: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(qr_chunk_fp32__tile_1, q_inv_rms__tile)
            q_normed__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(t__tile_6, q_gamma__tile)
            t__tile_7: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(q_normed__tile, target_type=pl.BF16, mode='round')
            qr_out__tile: pl.Tensor[[16, 1536], pl.BF16] = pl.tile.store(t__tile_7, [0, k0__idx_v0_1], qr_out__iter_v1)
            qr_out__rv_v2: pl.Tensor[[16, 1536], pl.BF16] = pl.yield_(qr_out__tile)
        return qr_out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def q_rope(seq_lens__ssa_v0: pl.Tensor[[16], pl.INT32], b__idx_v0: pl.Scalar[pl.INDEX], rope_cos__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], rope_sin__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], q_proj__iter_v4: pl.InOut[pl.Tensor[[16, 24576], pl.BF16]]) -> pl.Tensor[[16, 24576], pl.BF16]:
        ctx_len__tile: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0])
        pos__ssa_v0: pl.Scalar[pl.INDEX] = pl.cast(ctx_len__tile, pl.INDEX) - 1
        cos_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_cos__ssa_v0, [pos__ssa_v0, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        cos_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_cos__ssa_v0, [pos__ssa_v0, 32], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        sin_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_sin__ssa_v0, [pos__ssa_v0, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        sin_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_sin__ssa_v0, [pos__ssa_v0, 32], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        for q_col__idx_v0, (q_proj__iter_v6,) in pl.range(128, 24576, 192, init_values=(q_proj__iter_v4,)):
            t__tile: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(q_proj__iter_v6, [b__idx_v0, q_col__idx_v0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
            q_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
            t__tile_1: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(q_proj__iter_v6, [b__idx_v0, q_col__idx_v0 + 32], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
            q_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_1, target_type=pl.FP32, mode='round')
            t__tile_2: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(q_lo__tile, cos_lo__tile)
            t__tile_3: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(q_hi__tile, sin_lo__tile)
            q_rot_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.sub(t__tile_2, t__tile_3)
            t__tile_4: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(q_hi__tile, cos_hi__tile)
            t__tile_5: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(q_lo__tile, sin_hi__tile)
            q_rot_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_4, t__tile_5)
            t__tile_6: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.cast(q_rot_lo__tile, target_type=pl.BF16, mode='round')
            q_proj__tile: pl.Tensor[[16, 24576], pl.BF16] = pl.tile.store(t__tile_6, [b__idx_v0, q_col__idx_v0], q_proj__iter_v6)
            t__tile_7: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.cast(q_rot_hi__tile, target_type=pl.BF16, mode='round')
            q_proj__tile_1: pl.Tensor[[16, 24576], pl.BF16] = pl.tile.store(t__tile_7, [b__idx_v0, q_col__idx_v0 + 32], q_proj__tile)
            q_proj__rv_v7: pl.Tensor[[16, 24576], pl.BF16] = pl.yield_(q_proj__tile_1)
        return q_proj__iter_v4
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_idx_rope(seq_lens__ssa_v0: pl.Tensor[[16], pl.INT32], b__idx_v0: pl.Scalar[pl.INDEX], rope_cos__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], rope_sin__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], q_idx_full__iter_v4: pl.InOut[pl.Tensor[[16, 8192], pl.BF16]], k_idx__iter_v5: pl.InOut[pl.Tensor[[16, 128], pl.BF16]]) -> tuple[pl.Tensor[[16, 8192], pl.BF16], pl.Tensor[[16, 128], pl.BF16]]:
        t__tile: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0])
        pos__ssa_v2: pl.Scalar[pl.INDEX] = pl.cast(t__tile, pl.INDEX) - 1
        cos_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_cos__ssa_v0, [pos__ssa_v2, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        cos_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_cos__ssa_v0, [pos__ssa_v2, 32], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        sin_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_sin__ssa_v0, [pos__ssa_v2, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        sin_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(rope_sin__ssa_v0, [pos__ssa_v2, 32], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        for q_col__idx_v0, (q_idx_full__iter_v6,) in pl.range(0, 8192, 128, init_values=(q_idx_full__iter_v4,)):
            t__tile_1: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(q_idx_full__iter_v6, [b__idx_v0, q_col__idx_v0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
            s2_q_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_1, target_type=pl.FP32, mode='round')
            t__tile_2: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(q_idx_full__iter_v6, [b__idx_v0, q_col__idx_v0 + 32], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
            s2_q_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_2, target_type=pl.FP32, mode='round')
            t__tile_3: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_q_lo__tile, cos_lo__tile)
            t__tile_4: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_q_hi__tile, sin_lo__tile)
            s2_q_rot_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.sub(t__tile_3, t__tile_4)
            t__tile_5: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_q_hi__tile, cos_hi__tile)
            t__tile_6: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_q_lo__tile, sin_hi__tile)
            s2_q_rot_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_5, t__tile_6)
            t__tile_7: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.cast(s2_q_rot_lo__tile, target_type=pl.BF16, mode='round')
            q_idx_full__tile: pl.Tensor[[16, 8192], pl.BF16] = pl.tile.store(t__tile_7, [b__idx_v0, q_col__idx_v0], q_idx_full__iter_v6)
            t__tile_8: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.cast(s2_q_rot_hi__tile, target_type=pl.BF16, mode='round')
            q_idx_full__tile_1: pl.Tensor[[16, 8192], pl.BF16] = pl.tile.store(t__tile_8, [b__idx_v0, q_col__idx_v0 + 32], q_idx_full__tile)
            q_idx_full__rv_v7: pl.Tensor[[16, 8192], pl.BF16] = pl.yield_(q_idx_full__tile_1)
        t__tile_9: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(k_idx__iter_v5, [b__idx_v0, 0], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        s2_k_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_9, target_type=pl.FP32, mode='round')
        t__tile_10: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.load(k_idx__iter_v5, [b__idx_v0, 32], [1, 32], [1, 32], target_memory=pl.Mem.Vec)
        s2_k_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_10, target_type=pl.FP32, mode='round')
        t__tile_11: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_k_lo__tile, cos_lo__tile)
        t__tile_12: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_k_hi__tile, sin_lo__tile)
        s2_k_rot_lo__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.sub(t__tile_11, t__tile_12)
        t__tile_13: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_k_hi__tile, cos_hi__tile)
        t__tile_14: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_k_lo__tile, sin_hi__tile)
        s2_k_rot_hi__tile: pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_13, t__tile_14)
        t__tile_15: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.cast(s2_k_rot_lo__tile, target_type=pl.BF16, mode='round')
        k_idx__tile: pl.Tensor[[16, 128], pl.BF16] = pl.tile.store(t__tile_15, [b__idx_v0, 0], k_idx__iter_v5)
        t__tile_16: pl.Tile[[1, 32], pl.BF16, pl.Mem.Vec] = pl.tile.cast(s2_k_rot_hi__tile, target_type=pl.BF16, mode='round')
        k_idx__tile_1: pl.Tensor[[16, 128], pl.BF16] = pl.tile.store(t__tile_16, [b__idx_v0, 32], k_idx__tile)
        return q_idx_full__iter_v4, k_idx__iter_v5
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_k_hadamard_matmul(k_idx__rv_v6: pl.Tensor[[16, 128], pl.BF16], hadamard_k__ssa_v0: pl.Tensor[[128, 128], pl.BF16], ret0__out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        k_idx__rv_v6_mat: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(k_idx__rv_v6, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        hadamard_k__ssa_v0_mat: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(hadamard_k__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        k_h_tile__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(k_idx__rv_v6_mat, hadamard_k__ssa_v0_mat)
        ret0__store: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(k_h_tile__tile, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_k_hadamard_write(k_h_tile__ssa_v0: pl.Tensor[[16, 128], pl.FP32], k_idx__rv_v6: pl.Out[pl.Tensor[[16, 128], pl.BF16]]) -> pl.Tensor[[16, 128], pl.BF16]:
        k_h_tile__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(k_h_tile__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(k_h_tile__tile, target_type=pl.BF16, mode='round')
        k_idx__tile: pl.Tensor[[16, 128], pl.BF16] = pl.tile.store(t__tile, [0, 0], k_idx__rv_v6)
        return k_idx__rv_v6
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_k_idx_cache_write(seq_lens__ssa_v0: pl.Tensor[[16], pl.INT32], b__idx_v0: pl.Scalar[pl.INDEX], k_idx__ssa_v9: pl.Tensor[[16, 128], pl.BF16], k_cache_idx__iter_v1: pl.Out[pl.Tensor[[65536, 128], pl.BF16]]) -> pl.Tensor[[65536, 128], pl.BF16]:
        t__tile: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0])
        pos__ssa_v3: pl.Scalar[pl.INDEX] = pl.cast(t__tile, pl.INDEX) - 1
        cache_row__ssa_v1: pl.Scalar[pl.INDEX] = b__idx_v0 * 4096 + pos__ssa_v3
        t__tile_1: pl.Tile[[1, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(k_idx__ssa_v9, [b__idx_v0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        k_cache_idx__tile: pl.Tensor[[65536, 128], pl.BF16] = pl.tile.store(t__tile_1, [cache_row__ssa_v1, 0], k_cache_idx__iter_v1)
        return k_cache_idx__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_k_idx_layernorm(k_idx__rv_v2: pl.Tensor[[16, 128], pl.BF16], k_norm_weight__ssa_v0: pl.Tensor[[1, 128], pl.FP32], k_norm_bias__ssa_v0: pl.Tensor[[1, 128], pl.FP32], ret0__out: pl.Out[pl.Tensor[[16, 128], pl.BF16]]) -> pl.Tensor[[16, 128], pl.BF16]:
        k_idx__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(k_idx__rv_v2, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        k_norm_weight__tile: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(k_norm_weight__ssa_v0, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        k_norm_bias__tile: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(k_norm_bias__ssa_v0, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        s2_k_tile__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cast(k_idx__tile, target_type=pl.FP32, mode='round')
        t__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.muls(s2_k_tile__tile, 0.0078125)
        tmp_tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        s2_mean__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile, tmp_tile)
        s2_centered__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_sub(s2_k_tile__tile, s2_mean__tile)
        t__tile_1: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.mul(s2_centered__tile, s2_centered__tile)
        t__tile_2: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t__tile_1, 0.0078125)
        tmp_tile_1: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        s2_var__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile_2, tmp_tile_1)
        s2_var_eps__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.adds(s2_var__tile, 9.9999999999999995e-07)
        t__tile_3: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(s2_var_eps__tile, [1, 16])
        t__tile_4: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sqrt(t__tile_3)
        s2_std__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t__tile_4, [16, 1])
        s2_inv_std__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.recip(s2_std__tile)
        s2_normed__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(s2_centered__tile, s2_inv_std__tile)
        s2_scaled__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_normed__tile, k_norm_weight__tile)
        t__tile_5: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.sub(s2_k_tile__tile, s2_k_tile__tile)
        s2_ones__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t__tile_5, 1.0)
        t__tile_6: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(s2_ones__tile, k_norm_bias__tile)
        s2_k_normed__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(s2_scaled__tile, t__tile_6)
        k_idx__tile_1: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(s2_k_normed__tile, target_type=pl.BF16, mode='round')
        ret0__store: pl.Tensor[[16, 128], pl.BF16] = pl.tile.store(k_idx__tile_1, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_k_idx_proj(hidden_states__ssa_v0: pl.Tensor[[16, 7168], pl.BF16], wk_idx__ssa_v0: pl.Tensor[[7168, 128], pl.BF16], k1__idx_v0: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        s2_x_init__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(hidden_states__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wk_init__tile: pl.Tile[[128, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wk_idx__ssa_v0, [0, k1__idx_v0], [128, 64], [128, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        s2_k_acc__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(s2_x_init__tile, wk_init__tile)
        for k0__idx_v0, (s2_k_acc__iter_v1,) in pl.range(128, 7168, 128, init_values=(s2_k_acc__tile,)):
            s2_x_chunk__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(hidden_states__ssa_v0, [0, k0__idx_v0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wk_chunk__tile: pl.Tile[[128, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(wk_idx__ssa_v0, [k0__idx_v0, k1__idx_v0], [128, 64], [128, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            s2_k_acc__tile_1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(s2_k_acc__iter_v1, s2_x_chunk__tile, wk_chunk__tile)
            s2_k_acc__rv_v2: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.yield_(s2_k_acc__tile_1)
        ret0__store: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(s2_k_acc__rv_v2, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_k_idx_proj_write(s2_k_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32], k_idx__iter_v1: pl.Out[pl.Tensor[[16, 128], pl.BF16]], k1__idx_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 128], pl.BF16]:
        s2_k_acc__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(s2_k_acc__rv_v2, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(s2_k_acc__tile, target_type=pl.BF16, mode='round')
        k_idx__tile: pl.Tensor[[16, 128], pl.BF16] = pl.tile.store(t__tile, [0, k1__idx_v0], k_idx__iter_v1)
        return k_idx__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_q_hadamard_matmul(q_idx_full__iter_v10: pl.Tensor[[16, 8192], pl.BF16], h_offset__ssa_v0: pl.Scalar[pl.INDEX], hadamard_q__ssa_v0: pl.Tensor[[128, 128], pl.BF16], ret0__out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        q_tile__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(q_idx_full__iter_v10, [0, h_offset__ssa_v0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        hadamard_q__ssa_v0_mat: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(hadamard_q__ssa_v0, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        q_h_tile__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(q_tile__tile, hadamard_q__ssa_v0_mat)
        ret0__store: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(q_h_tile__tile, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_q_hadamard_write(q_h_tile__ssa_v0: pl.Tensor[[16, 128], pl.FP32], q_idx_full__iter_v10: pl.Out[pl.Tensor[[16, 8192], pl.BF16]], h_offset__ssa_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 8192], pl.BF16]:
        q_h_tile__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(q_h_tile__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(q_h_tile__tile, target_type=pl.BF16, mode='round')
        q_idx_full__tile: pl.Tensor[[16, 8192], pl.BF16] = pl.tile.store(t__tile, [0, h_offset__ssa_v0], q_idx_full__iter_v10)
        return q_idx_full__iter_v10
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_q_idx_proj(qr_out__rv_v2: pl.Tensor[[16, 1536], pl.BF16], wq_b_idx__ssa_v0: pl.Tensor[[1536, 8192], pl.BF16], q0__idx_v0: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        s2_q_chunk_init__tile: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(qr_out__rv_v2, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        s2_wq_chunk_init__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(wq_b_idx__ssa_v0, [0, q0__idx_v0], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        s2_q_acc__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(s2_q_chunk_init__tile, s2_wq_chunk_init__tile)
        for k0__idx_v0, (s2_q_acc__iter_v1,) in pl.range(64, 1536, 64, init_values=(s2_q_acc__tile,)):
            qr_chunk__tile: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(qr_out__rv_v2, [0, k0__idx_v0], [16, 64], [16, 64], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wq_chunk__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(wq_b_idx__ssa_v0, [k0__idx_v0, q0__idx_v0], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            s2_q_acc__tile_1: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(s2_q_acc__iter_v1, qr_chunk__tile, wq_chunk__tile)
            s2_q_acc__rv_v2: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.yield_(s2_q_acc__tile_1)
        ret0__store: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(s2_q_acc__rv_v2, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_q_idx_proj_write(s2_q_acc__rv_v2: pl.Tensor[[16, 128], pl.FP32], q_idx_full__iter_v1: pl.Out[pl.Tensor[[16, 8192], pl.BF16]], q0__idx_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 8192], pl.BF16]:
        s2_q_acc__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(s2_q_acc__rv_v2, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(s2_q_acc__tile, target_type=pl.BF16, mode='round')
        q_idx_full__tile: pl.Tensor[[16, 8192], pl.BF16] = pl.tile.store(t__tile, [0, q0__idx_v0], q_idx_full__iter_v1)
        return q_idx_full__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_q_reduce(q_idx_out__ssa_v0: pl.Out[pl.Tensor[[16, 128], pl.BF16]], q_idx_full__rv_v11: pl.Tensor[[16, 8192], pl.BF16], weights_flat__ssa_v0: pl.Tensor[[1024], pl.FP32]) -> pl.Tensor[[16, 128], pl.BF16]:
        for d0__idx_v0, (q_idx_out__iter_v1,) in pl.parallel(0, 128, 64, init_values=(q_idx_out__ssa_v0,)):
            for b__idx_v0, (q_idx_out__iter_v3,) in pl.range(16, init_values=(q_idx_out__iter_v1,)):
                s2_acc_b__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 64], dtype=pl.FP32, value=0.0)
                for h__idx_v0, (s2_acc_b__iter_v1,) in pl.range(64, init_values=(s2_acc_b__tile,)):
                    t__tile: pl.Tile[[1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.load(q_idx_full__rv_v11, [b__idx_v0, h__idx_v0 * 128 + d0__idx_v0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
                    s2_q_h_b__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
                    s2_w_h_b__tile: pl.Scalar[pl.FP32] = pl.tensor.read(weights_flat__ssa_v0, [b__idx_v0 * 64 + h__idx_v0])
                    t__tile_1: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(s2_q_h_b__tile, s2_w_h_b__tile)
                    s2_acc_b__tile_1: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(s2_acc_b__iter_v1, t__tile_1)
                    s2_acc_b__rv_v2: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(s2_acc_b__tile_1)
                t__tile_2: pl.Tile[[1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(s2_acc_b__rv_v2, target_type=pl.BF16, mode='round')
                q_idx_out__tile: pl.Tensor[[16, 128], pl.BF16] = pl.tile.store(t__tile_2, [b__idx_v0, d0__idx_v0], q_idx_out__iter_v3)
                q_idx_out__rv_v4: pl.Tensor[[16, 128], pl.BF16] = pl.yield_(q_idx_out__tile)
            q_idx_out__rv_v2: pl.Tensor[[16, 128], pl.BF16] = pl.yield_(q_idx_out__rv_v4)
        return q_idx_out__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_weights_matmul(hidden_states__ssa_v0: pl.Tensor[[16, 7168], pl.BF16], weights_proj_bf16__rv_v2: pl.Tensor[[7168, 64], pl.BF16], w0__idx_v0: pl.Scalar[pl.INDEX], weights__iter_v1: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        s2_x_init__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(hidden_states__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wp_init__tile: pl.Tile[[128, 16], pl.BF16, pl.Mem.Mat] = pl.tile.load(weights_proj_bf16__rv_v2, [0, w0__idx_v0], [128, 16], [128, 16], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        s2_w_acc__tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(s2_x_init__tile, wp_init__tile)
        for k0__idx_v0, (s2_w_acc__iter_v1,) in pl.range(128, 7168, 128, init_values=(s2_w_acc__tile,)):
            s2_x_chunk__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(hidden_states__ssa_v0, [0, k0__idx_v0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wp_chunk__tile: pl.Tile[[128, 16], pl.BF16, pl.Mem.Mat] = pl.tile.load(weights_proj_bf16__rv_v2, [k0__idx_v0, w0__idx_v0], [128, 16], [128, 16], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            s2_w_acc__tile_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(s2_w_acc__iter_v1, s2_x_chunk__tile, wp_chunk__tile)
            s2_w_acc__rv_v2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(s2_w_acc__tile_1)
        weights__tile: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(s2_w_acc__rv_v2, [0, w0__idx_v0], weights__iter_v1)
        return weights__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_weights_proj_bf16(weights_proj_bf16__ssa_v0: pl.Out[pl.Tensor[[7168, 64], pl.BF16]], weights_proj__ssa_v0: pl.Tensor[[7168, 64], pl.FP32]) -> pl.Tensor[[7168, 64], pl.BF16]:
        for k0__idx_v0, (weights_proj_bf16__iter_v1,) in pl.range(0, 7168, 128, init_values=(weights_proj_bf16__ssa_v0,)):
            t__tile: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(weights_proj__ssa_v0, [k0__idx_v0, 0], [128, 64], [128, 64], target_memory=pl.Mem.Vec)
            wp_tile__tile: pl.Tile[[128, 64], pl.BF16, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.BF16, mode='round')
            weights_proj_bf16__tile: pl.Tensor[[7168, 64], pl.BF16] = pl.tile.store(wp_tile__tile, [k0__idx_v0, 0], weights_proj_bf16__iter_v1)
            weights_proj_bf16__rv_v2: pl.Tensor[[7168, 64], pl.BF16] = pl.yield_(weights_proj_bf16__tile)
        return weights_proj_bf16__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s2_weights_scale(weights__rv_v2: pl.Tensor[[16, 64], pl.FP32], ret0__out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        weights__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(weights__rv_v2, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        weights__tile_1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(weights__tile, 0.011048543456039806)
        ret0__store: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(weights__tile_1, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s3_init(q_idx_out__rv_v2: pl.Tensor[[16, 128], pl.BF16], b__idx_v0: pl.Scalar[pl.INDEX], s3_q_padded__iter_v1: pl.Out[pl.Tensor[[256, 128], pl.BF16]], scores__iter_v1: pl.Out[pl.Tensor[[16, 8192], pl.FP32]]) -> tuple[pl.Tensor[[256, 128], pl.BF16], pl.Tensor[[16, 8192], pl.FP32]]:
        s3_q_row__tile: pl.Tile[[1, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(q_idx_out__rv_v2, [b__idx_v0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        s3_q_padded__tile: pl.Tensor[[256, 128], pl.BF16] = pl.tile.store(s3_q_row__tile, [b__idx_v0 * 16, 0], s3_q_padded__iter_v1)
        t__tile: pl.Tile[[15, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([15, 128], dtype=pl.FP32, value=0.0)
        s3_q_zero_pad__tile: pl.Tile[[15, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.BF16, mode='round')
        s3_q_padded__tile_1: pl.Tensor[[256, 128], pl.BF16] = pl.tile.store(s3_q_zero_pad__tile, [b__idx_v0 * 16 + 1, 0], s3_q_padded__tile)
        s3_neg_inf_row__tile: pl.Tile[[1, 8192], pl.FP32, pl.Mem.Vec] = pl.tile.full([1, 8192], dtype=pl.FP32, value=-3.4028234663852886e+38)
        scores__tile: pl.Tensor[[16, 8192], pl.FP32] = pl.tile.store(s3_neg_inf_row__tile, [b__idx_v0, 0], scores__iter_v1)
        return s3_q_padded__iter_v1, scores__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s3_score_tile(s3_score_tiles__ssa_v0: pl.Out[pl.Tensor[[1024, 64], pl.FP32]], s3_ctx_blocks__ssa_v0: pl.Scalar[pl.INDEX], b__idx_v0: pl.Scalar[pl.INDEX], s3_q_padded__ssa_v4: pl.Tensor[[256, 128], pl.BF16], k_cache_idx__rv_v2: pl.Tensor[[65536, 128], pl.BF16]) -> pl.Tensor[[1024, 64], pl.FP32]:
        for sb__idx_v0, (s3_score_tiles__iter_v1,) in pl.range(s3_ctx_blocks__ssa_v0, init_values=(s3_score_tiles__ssa_v0,)):
            s0__ssa_v0: pl.Scalar[pl.INDEX] = sb__idx_v0 * 64
            cache_row0__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0 * 4096 + s0__ssa_v0
            s3_q_tile__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(s3_q_padded__ssa_v4, [b__idx_v0 * 16, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            s3_k_tile__tile: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(k_cache_idx__rv_v2, [cache_row0__ssa_v0, 0], [64, 128], [64, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            s3_k_tile__tile_t: pl.Tile[[128, 64], pl.BF16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.transpose_view(s3_k_tile__tile)
            s3_score_tile__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(s3_q_tile__tile, s3_k_tile__tile_t)
            s3_score_tiles__tile: pl.Tensor[[1024, 64], pl.FP32] = pl.tile.store(s3_score_tile__tile, [sb__idx_v0 * 16, 0], s3_score_tiles__iter_v1)
            s3_score_tiles__rv_v2: pl.Tensor[[1024, 64], pl.FP32] = pl.yield_(s3_score_tiles__tile)
        return s3_score_tiles__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s3_score_write(scores__ssa_v3: pl.Out[pl.Tensor[[16, 8192], pl.FP32]], s3_ctx_blocks__ssa_v0: pl.Scalar[pl.INDEX], s3_ctx_len__ssa_v0: pl.Scalar[pl.INT32], s3_score_tiles__rv_v2: pl.Tensor[[1024, 64], pl.FP32], b__idx_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 8192], pl.FP32]:
        for sb__idx_v0, (scores__iter_v4,) in pl.range(s3_ctx_blocks__ssa_v0, init_values=(scores__ssa_v3,)):
            s0__ssa_v1: pl.Scalar[pl.INDEX] = sb__idx_v0 * 64
            s3_valid_len__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(pl.cast(s3_ctx_len__ssa_v0, pl.INDEX) - s0__ssa_v1, 64)
            score_row0__ssa_v0: pl.Scalar[pl.INDEX] = sb__idx_v0 * 16
            s3_score_valid__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, s3_valid_len__ssa_v0])] = pl.tile.load(s3_score_tiles__rv_v2, [score_row0__ssa_v0, 0], [1, 64], [1, s3_valid_len__ssa_v0], target_memory=pl.Mem.Vec)
            scores__tile: pl.Tensor[[16, 8192], pl.FP32] = pl.tile.store(s3_score_valid__tile, [b__idx_v0, s0__ssa_v1], scores__iter_v4)
            scores__rv_v5: pl.Tensor[[16, 8192], pl.FP32] = pl.yield_(scores__tile)
        return scores__ssa_v3
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s3_sort(scores__rv_v5: pl.Tensor[[16, 8192], pl.FP32], b__idx_v0: pl.Scalar[pl.INDEX], s3_sorted_gm__ssa_v0: pl.Out[pl.Tensor[[1, 16384], pl.FP32]]) -> pl.Tensor[[1, 16384], pl.FP32]:
        s3_score_row__tile: pl.Tile[[1, 8192], pl.FP32, pl.Mem.Vec] = pl.tile.load(scores__rv_v5, [b__idx_v0, 0], [1, 8192], [1, 8192], target_memory=pl.Mem.Vec)
        idx_init__tile: pl.Tile[[1, 8192], pl.UINT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.UINT32), [1, 8192], dtype=pl.UINT32, descending=False)
        s3_sorted_t__tile: pl.Tile[[1, 16384], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(s3_score_row__tile, idx_init__tile)
        s3_sorted_t__tile_1: pl.Tile[[1, 16384], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(s3_sorted_t__tile, pl.const(64, pl.INT32))
        s3_sorted_t__tile_2: pl.Tile[[1, 16384], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(s3_sorted_t__tile_1, pl.const(256, pl.INT32))
        s3_sorted_t__tile_3: pl.Tile[[1, 16384], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(s3_sorted_t__tile_2, pl.const(1024, pl.INT32))
        s3_sorted_t__tile_4: pl.Tile[[1, 16384], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(s3_sorted_t__tile_3, pl.const(4096, pl.INT32))
        s3_sorted_gm__tile: pl.Tensor[[1, 16384], pl.FP32] = pl.tile.store(s3_sorted_t__tile_4, [0, 0], s3_sorted_gm__ssa_v0)
        return s3_sorted_gm__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s3_topk_extract(s3_sorted_gm__ssa_v1: pl.Tensor[[1, 16384], pl.FP32], s3_ctx_len__ssa_v0: pl.Scalar[pl.INT32], topk_idx__iter_v1: pl.Out[pl.Tensor[[16, 2048], pl.INT32]], b__idx_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 2048], pl.INT32]:
        s3_topk_pairs__tile: pl.Tile[[1, 4096], pl.FP32, pl.Mem.Vec] = pl.tile.load(s3_sorted_gm__ssa_v1, [0, 0], [1, 4096], [1, 4096], target_memory=pl.Mem.Vec)
        s3_topk_i_raw__tile: pl.Tile[[1, 2048], pl.INT32, pl.Mem.Vec] = pl.tile.gather_mask(s3_topk_pairs__tile, mask_pattern=2, output_dtype=pl.INT32)
        s3_valid_topk__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(pl.cast(s3_ctx_len__ssa_v0, pl.INDEX), 2048)
        s3_idx_valid__tile: pl.Tile[[1, 2048], pl.INT32, pl.Mem.Vec, pl.TileView(valid_shape=[1, s3_valid_topk__ssa_v0])] = pl.tile.slice(s3_topk_i_raw__tile, [1, 2048], [0, 0], [1, s3_valid_topk__ssa_v0])
        s3_idx_padded__tile: pl.Tile[[1, 2048], pl.INT32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(s3_idx_valid__tile, pad_value=pl.PadValue.min)
        topk_idx__tile: pl.Tensor[[16, 2048], pl.INT32] = pl.tile.store(s3_idx_padded__tile, [b__idx_v0, 0], topk_idx__iter_v1)
        return topk_idx__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s4_attn_row_write(attn_row__rv_v2: pl.Tensor[[1, 16384], pl.FP32], attn_front__iter_v1: pl.Out[pl.Tensor[[16, 16384], pl.BF16]], b__idx_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16384], pl.BF16]:
        attn_row__tile: pl.Tile[[1, 16384], pl.FP32, pl.Mem.Vec] = pl.tile.load(attn_row__rv_v2, [0, 0], [1, 16384], [1, 16384], target_memory=pl.Mem.Vec)
        t__tile: pl.Tile[[1, 16384], pl.BF16, pl.Mem.Vec] = pl.tile.cast(attn_row__tile, target_type=pl.BF16, mode='round')
        attn_front__tile: pl.Tensor[[16, 16384], pl.BF16] = pl.tile.store(t__tile, [b__idx_v0, 0], attn_front__iter_v1)
        return attn_front__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s4_dispatch(layer_id_t__ssa_v0: pl.Tensor[[1], pl.INT32], dispatch_buf__ssa_v0: pl.Out[pl.Tensor[[128, 16, 16384], pl.BF16]], attn_front__rv_v2: pl.Tensor[[16, 16384], pl.BF16]) -> pl.Tensor[[128, 16, 16384], pl.BF16]:
        layer_id__tile: pl.Scalar[pl.INT32] = pl.tensor.read(layer_id_t__ssa_v0, [0])
        for b__idx_v0, (dispatch_buf__iter_v1,) in pl.parallel(16, init_values=(dispatch_buf__ssa_v0,)):
            target_node__ssa_v0: pl.Scalar[pl.INDEX] = (b__idx_v0 + pl.cast(layer_id__tile, pl.INDEX)) % 128
            token_row__tile: pl.Tile[[1, 16384], pl.BF16, pl.Mem.Vec] = pl.tile.load(attn_front__rv_v2, [b__idx_v0, 0], [1, 16384], [1, 16384], target_memory=pl.Mem.Vec)
            dispatch_buf__tile: pl.Tensor[[128, 16, 16384], pl.BF16] = pl.tile.store(token_row__tile, [target_node__ssa_v0, b__idx_v0, 0], dispatch_buf__iter_v1)
            dispatch_buf__rv_v2: pl.Tensor[[128, 16, 16384], pl.BF16] = pl.yield_(dispatch_buf__tile)
        return dispatch_buf__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s4_latent_cast(ctx_latent_batch__ssa_v0: pl.Tensor[[16, 512], pl.FP32], ret0__out: pl.Out[pl.Tensor[[16, 512], pl.BF16]]) -> pl.Tensor[[16, 512], pl.BF16]:
        ctx_latent_batch__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(ctx_latent_batch__ssa_v0, [0, 0], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        ctx_latent_bf16_batch__tile: pl.Tile[[16, 512], pl.BF16, pl.Mem.Vec] = pl.tile.cast(ctx_latent_batch__tile, target_type=pl.BF16, mode='round')
        ret0__store: pl.Tensor[[16, 512], pl.BF16] = pl.tile.store(ctx_latent_bf16_batch__tile, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s4_q_nope_latent_proj(h__idx_v0: pl.Scalar[pl.INDEX], q_nope_latent_batch__ssa_v0: pl.Out[pl.Tensor[[16, 512], pl.FP32]], w_q_nope_to_latent_2d__ssa_v0: pl.Tensor[[16384, 512], pl.BF16], q_nope_padded__ssa_v1: pl.Tensor[[16, 128], pl.BF16]) -> pl.Tensor[[16, 512], pl.FP32]:
        q_w_row__ssa_v0: pl.Scalar[pl.INDEX] = h__idx_v0 * 128
        for q0__idx_v0, (q_nope_latent_batch__iter_v1,) in pl.range(0, 512, 128, init_values=(q_nope_latent_batch__ssa_v0,)):
            w_qn_h_chunk__tile: pl.Tile[[128, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_q_nope_to_latent_2d__ssa_v0, [q_w_row__ssa_v0, q0__idx_v0], [128, 128], [128, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            q_nope_padded__ssa_v1_mat: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(q_nope_padded__ssa_v1, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            q_nope_latent_part__tile: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(q_nope_padded__ssa_v1_mat, w_qn_h_chunk__tile)
            q_nope_latent_batch__tile: pl.Tensor[[16, 512], pl.FP32] = pl.tile.store(q_nope_latent_part__tile, [0, q0__idx_v0], q_nope_latent_batch__iter_v1)
            q_nope_latent_batch__rv_v2: pl.Tensor[[16, 512], pl.FP32] = pl.yield_(q_nope_latent_batch__tile)
        return q_nope_latent_batch__ssa_v0
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s4_q_pe_load(q_proj__rv_v5: pl.Tensor[[16, 24576], pl.BF16], b__idx_v0: pl.Scalar[pl.INDEX], q_col__ssa_v1: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], ret1__out: pl.Out[pl.Tensor[[16, 128], pl.BF16]], ret2__out: pl.Out[pl.Tensor[[16, 512], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 128], pl.BF16], pl.Tensor[[16, 512], pl.FP32]]:
        t__tile: pl.Tile[[1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.load(q_proj__rv_v5, [b__idx_v0, q_col__ssa_v1 + 128], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
        q_pe__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
        t__tile_1: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 64], dtype=pl.FP32, value=0.0)
        q_pe_batch__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand(t__tile_1, q_pe__tile)
        t__tile_2: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
        q_nope_padded__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.cast(t__tile_2, target_type=pl.BF16, mode='round')
        t__tile_3: pl.Tile[[1, 128], pl.BF16, pl.Mem.Vec] = pl.tile.load(q_proj__rv_v5, [b__idx_v0, q_col__ssa_v1], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        q_nope_padded__tile_1: pl.Tile[[16, 128], pl.BF16, pl.Mem.Vec] = pl.tile.col_expand(q_nope_padded__tile, t__tile_3)
        q_nope_latent_batch__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 512], dtype=pl.FP32, value=0.0)
        ret0__store: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(q_pe_batch__tile, [0, 0], ret0__out)
        ret1__store: pl.Tensor[[16, 128], pl.BF16] = pl.tile.store(q_nope_padded__tile_1, [0, 0], ret1__out)
        ret2__store: pl.Tensor[[16, 512], pl.FP32] = pl.tile.store(q_nope_latent_batch__tile, [0, 0], ret2__out)
        return ret0__store, ret1__store, ret2__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s4_softmax(topk_idx_flat__ssa_v0: pl.Tensor[[32768], pl.INT32], topk_base__ssa_v0: pl.Scalar[pl.INDEX], b__idx_v0: pl.Scalar[pl.INDEX], kv_cache__rv_v2: pl.Tensor[[65536, 512], pl.BF16], pe_cache__rv_v2: pl.Tensor[[65536, 64], pl.BF16], q_nope_latent_batch__rv_v2: pl.Tensor[[16, 512], pl.FP32], q_pe_batch__ssa_v0: pl.Tensor[[16, 64], pl.FP32], sparse_k__ssa_v0: pl.Scalar[pl.INDEX], ret0__out: pl.Out[pl.Tensor[[16, 512], pl.FP32]]) -> pl.Tensor[[16, 512], pl.FP32]:
        q_nope_latent_batch__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.load(q_nope_latent_batch__rv_v2, [0, 0], [16, 512], [16, 512], target_memory=pl.Mem.Vec)
        q_pe_batch__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(q_pe_batch__ssa_v0, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        topk_pos0__tile: pl.Scalar[pl.INT32] = pl.tensor.read(topk_idx_flat__ssa_v0, [topk_base__ssa_v0])
        cache_s0__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0 * 4096 + pl.cast(topk_pos0__tile, pl.INDEX)
        t__tile: pl.Tile[[1, 512], pl.BF16, pl.Mem.Vec] = pl.tile.load(kv_cache__rv_v2, [cache_s0__ssa_v0, 0], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
        kv_s0__tile: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile, target_type=pl.FP32, mode='round')
        t__tile_1: pl.Tile[[1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.load(pe_cache__rv_v2, [cache_s0__ssa_v0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
        pe_s0__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_1, target_type=pl.FP32, mode='round')
        t__tile_2: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 512], dtype=pl.FP32, value=0.0)
        oi__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand(t__tile_2, kv_s0__tile)
        t__tile_3: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 64], dtype=pl.FP32, value=0.0)
        pe_batch0__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand(t__tile_3, pe_s0__tile)
        t__tile_4: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.mul(q_nope_latent_batch__tile, oi__tile)
        tmp_tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 512], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        score_nope0__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile_4, tmp_tile)
        t__tile_5: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(q_pe_batch__tile, pe_batch0__tile)
        tmp_tile_1: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        score_pe0__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile_5, tmp_tile_1)
        t__tile_6: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.add(score_nope0__tile, score_pe0__tile)
        mi__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t__tile_6, 0.07216878364870323)
        t__tile_7: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sub(mi__tile, mi__tile)
        li__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__tile_7)
        for kk__idx_v0, (li__iter_v1, mi__iter_v1, oi__iter_v1) in pl.range(1, sparse_k__ssa_v0, init_values=(li__tile, mi__tile, oi__tile)):
            topk_pos__tile: pl.Scalar[pl.INT32] = pl.tensor.read(topk_idx_flat__ssa_v0, [topk_base__ssa_v0 + kk__idx_v0])
            cache_s__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0 * 4096 + pl.cast(topk_pos__tile, pl.INDEX)
            t__tile_8: pl.Tile[[1, 512], pl.BF16, pl.Mem.Vec] = pl.tile.load(kv_cache__rv_v2, [cache_s__ssa_v0, 0], [1, 512], [1, 512], target_memory=pl.Mem.Vec)
            kv_s__tile: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_8, target_type=pl.FP32, mode='round')
            t__tile_9: pl.Tile[[1, 64], pl.BF16, pl.Mem.Vec] = pl.tile.load(pe_cache__rv_v2, [cache_s__ssa_v0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
            pe_s__tile: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t__tile_9, target_type=pl.FP32, mode='round')
            t__tile_10: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 512], dtype=pl.FP32, value=0.0)
            kv_batch__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand(t__tile_10, kv_s__tile)
            t__tile_11: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 64], dtype=pl.FP32, value=0.0)
            pe_batch__tile: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand(t__tile_11, pe_s__tile)
            t__tile_12: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.mul(q_nope_latent_batch__tile, kv_batch__tile)
            tmp_tile_2: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 512], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            score_nope__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile_12, tmp_tile_2)
            t__tile_13: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.mul(q_pe_batch__tile, pe_batch__tile)
            tmp_tile_3: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
            score_pe__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(t__tile_13, tmp_tile_3)
            t__tile_14: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.add(score_nope__tile, score_pe__tile)
            cur_mi__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t__tile_14, 0.07216878364870323)
            mi_new__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.maximum(mi__iter_v1, cur_mi__tile)
            t__tile_15: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sub(mi__iter_v1, mi_new__tile)
            alpha__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__tile_15)
            t__tile_16: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.sub(cur_mi__tile, mi_new__tile)
            beta__tile: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__tile_16)
            t__tile_17: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.mul(alpha__tile, li__iter_v1)
            li__tile_1: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_17, beta__tile)
            t__tile_18: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(oi__iter_v1, alpha__tile)
            t__tile_19: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(kv_batch__tile, beta__tile)
            oi__tile_1: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.add(t__tile_18, t__tile_19)
            mi__ssa_v3: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = mi_new__tile
            li__rv_v2, mi__rv_v2, oi__rv_v2 = pl.yield_(li__tile_1, mi__ssa_v3, oi__tile_1)
        ctx_latent_batch__tile: pl.Tile[[16, 512], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(oi__rv_v2, li__rv_v2)
        ret0__store: pl.Tensor[[16, 512], pl.FP32] = pl.tile.store(ctx_latent_batch__tile, [0, 0], ret0__out)
        return ret0__store
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s4_v_assemble(ctx_v_batch__rv_v2: pl.Tensor[[16, 128], pl.FP32], attn_row__iter_v1: pl.Out[pl.Tensor[[1, 16384], pl.FP32]], v_col__ssa_v0: pl.Scalar[pl.INDEX]) -> pl.Tensor[[1, 16384], pl.FP32]:
        ctx_v__tile: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(ctx_v_batch__rv_v2, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
        attn_row__tile: pl.Tensor[[1, 16384], pl.FP32] = pl.tile.store(ctx_v__tile, [0, v_col__ssa_v0], attn_row__iter_v1)
        return attn_row__iter_v1
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def s4_v_proj(h__idx_v0: pl.Scalar[pl.INDEX], w_latent_to_v_2d__ssa_v0: pl.Tensor[[65536, 128], pl.BF16], ctx_latent_bf16_batch__ssa_v0: pl.Tensor[[16, 512], pl.BF16], ret0__out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        v_w_row__ssa_v0: pl.Scalar[pl.INDEX] = h__idx_v0 * 512
        for v0__idx_v0, (ctx_v_batch__iter_v1,) in pl.range(0, 128, 32, init_values=(ret0__out,)):
            wv_tile_chunk__tile: pl.Tile[[512, 32], pl.BF16, pl.Mem.Mat] = pl.tile.load(w_latent_to_v_2d__ssa_v0, [v_w_row__ssa_v0, v0__idx_v0], [512, 32], [512, 32], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            ctx_latent_bf16_batch__ssa_v0_mat: pl.Tile[[16, 512], pl.BF16, pl.Mem.Mat] = pl.tile.load(ctx_latent_bf16_batch__ssa_v0, [0, 0], [16, 512], [16, 512], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            v_part_batch__tile: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(ctx_latent_bf16_batch__ssa_v0_mat, wv_tile_chunk__tile)
            ctx_v_batch__tile: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(v_part_batch__tile, [0, v0__idx_v0], ctx_v_batch__iter_v1)
            ctx_v_batch__rv_v2: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(ctx_v_batch__tile)
        return ctx_v_batch__rv_v2
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def deepseek_v3_2_decode_front_scope1234(self, hidden_states__ssa_v0: pl.Tensor[[16, 7168], pl.BF16], input_rms_weight__ssa_v0: pl.Tensor[[1, 7168], pl.FP32], q_norm_weight__ssa_v0: pl.Tensor[[1, 1536], pl.FP32], kv_norm_weight__ssa_v0: pl.Tensor[[1, 512], pl.FP32], wq_a__ssa_v0: pl.Tensor[[7168, 1536], pl.BF16], wq_b__ssa_v0: pl.Tensor[[1536, 24576], pl.BF16], wkv_a__ssa_v0: pl.Tensor[[7168, 576], pl.BF16], seq_lens__ssa_v0: pl.Tensor[[16], pl.INT32], rope_cos__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], rope_sin__ssa_v0: pl.Tensor[[4096, 64], pl.FP32], wq_b_idx__ssa_v0: pl.Tensor[[1536, 8192], pl.BF16], wk_idx__ssa_v0: pl.Tensor[[7168, 128], pl.BF16], weights_proj__ssa_v0: pl.Tensor[[7168, 64], pl.FP32], k_norm_weight__ssa_v0: pl.Tensor[[1, 128], pl.FP32], k_norm_bias__ssa_v0: pl.Tensor[[1, 128], pl.FP32], hadamard_q__ssa_v0: pl.Tensor[[128, 128], pl.BF16], hadamard_k__ssa_v0: pl.Tensor[[128, 128], pl.BF16], layer_id_t__ssa_v0: pl.Tensor[[1], pl.INT32], w_q_nope_to_latent__ssa_v0: pl.Tensor[[128, 128, 512], pl.BF16], w_latent_to_v__ssa_v0: pl.Tensor[[128, 512, 128], pl.BF16], kv_cache__ssa_v0: pl.InOut[pl.Tensor[[65536, 512], pl.BF16]], pe_cache__ssa_v0: pl.InOut[pl.Tensor[[65536, 64], pl.BF16]], k_cache_idx__ssa_v0: pl.InOut[pl.Tensor[[65536, 128], pl.BF16]], dispatch_buf__ssa_v0: pl.InOut[pl.Tensor[[128, 16, 16384], pl.BF16]]) -> pl.Tensor[[128, 16, 16384], pl.BF16]:
        # ===== scope1: MLA front path (RMSNorm + Q/KV projection + RoPE + cache writeback) =====
        # Outputs:
        # - kv_cache: normalized KV latent cache row for the current decode token
        # - pe_cache: rotated rope cache row for the current decode token
        # Internal bridge:
        # - q_proj: rotated decode query heads reused by scope4
        # Stage 1.1: RMSNorm on hidden_states.
        normed_states__ssa_v0: pl.Tensor[[16, 7168], pl.BF16] = pl.tensor.create([16, 7168], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        normed_states__rv_v2: pl.Tensor[[16, 7168], pl.BF16] = self.input_rmsnorm(hidden_states__ssa_v0, normed_states__ssa_v0, input_rms_weight__ssa_v0)
        # Stage 1.2: Project qr = normed @ wq_a.
        qr_fp32__ssa_v0: pl.Tensor[[16, 1536], pl.FP32] = pl.tensor.create([16, 1536], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for q0__idx_v0, (qr_fp32__iter_v1,) in pl.parallel(0, 1536, 64, init_values=(qr_fp32__ssa_v0,)):
            qr_fp32__ssa_v3: pl.Tensor[[16, 1536], pl.FP32] = self.q_lora_proj(normed_states__rv_v2, wq_a__ssa_v0, q0__idx_v0, qr_fp32__iter_v1)
            qr_fp32__rv_v2: pl.Tensor[[16, 1536], pl.FP32] = pl.yield_(qr_fp32__ssa_v3)
        # Stage 1.3: Apply q_norm on qr.
        qr_out__ssa_v0: pl.Tensor[[16, 1536], pl.BF16] = pl.tensor.create([16, 1536], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        qr_out__rv_v2: pl.Tensor[[16, 1536], pl.BF16] = self.q_lora_rmsnorm(qr_fp32__rv_v2, qr_out__ssa_v0, q_norm_weight__ssa_v0)
        # Stage 1.4: Project q_proj = qr @ wq_b.
        q_proj__ssa_v0: pl.Tensor[[16, 24576], pl.BF16] = pl.tensor.create([16, 24576], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for q0__idx_v0_1, (q_proj__iter_v1,) in pl.parallel(0, 24576, 64, init_values=(q_proj__ssa_v0,)):
            ret0__out: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            q_out_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32] = self.q_head_proj(qr_out__rv_v2, wq_b__ssa_v0, q0__idx_v0_1, ret0__out)
            q_proj__ssa_v3: pl.Tensor[[16, 24576], pl.BF16] = self.q_head_proj_write(q_out_acc__rv_v2, q_proj__iter_v1, q0__idx_v0_1)
            q_proj__rv_v2: pl.Tensor[[16, 24576], pl.BF16] = pl.yield_(q_proj__ssa_v3)
        # Stage 1.5: Project kv_a = normed @ wkv_a.
        kv_a_out__ssa_v0: pl.Tensor[[16, 576], pl.BF16] = pl.tensor.create([16, 576], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for kv0__idx_v0, (kv_a_out__iter_v1,) in pl.parallel(0, 576, 64, init_values=(kv_a_out__ssa_v0,)):
            ret0__out_1: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            kv_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32] = self.kv_a_proj(normed_states__rv_v2, wkv_a__ssa_v0, kv0__idx_v0, ret0__out_1)
            kv_a_out__ssa_v3: pl.Tensor[[16, 576], pl.BF16] = self.kv_a_write(kv_acc__rv_v2, kv_a_out__iter_v1, kv0__idx_v0)
            kv_a_out__rv_v2: pl.Tensor[[16, 576], pl.BF16] = pl.yield_(kv_a_out__ssa_v3)
        # Stage 1.7: Apply RoPE on q_proj in-place.
        for b__idx_v0, (q_proj__iter_v4,) in pl.parallel(16, init_values=(q_proj__rv_v2,)):
            q_proj__rv_v7: pl.Tensor[[16, 24576], pl.BF16] = self.q_rope(seq_lens__ssa_v0, b__idx_v0, rope_cos__ssa_v0, rope_sin__ssa_v0, q_proj__iter_v4)
            q_proj__rv_v5: pl.Tensor[[16, 24576], pl.BF16] = pl.yield_(q_proj__rv_v7)
        # Stage 1.8: Apply kv_norm on KV latent.
        kv_normed_out__ssa_v0: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.create([16, 512], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        kv_normed_out__ssa_v1: pl.Tensor[[16, 512], pl.BF16] = self.kv_rmsnorm(kv_a_out__rv_v2, kv_norm_weight__ssa_v0, kv_normed_out__ssa_v0)
        # Stage 1.9: Write decode caches.
        # - kv_cache: normalized KV latent
        # - pe_cache: rope component from kv_a_out after RoPE
        for b__idx_v0_1, (kv_cache__iter_v1, pe_cache__iter_v1) in pl.parallel(16, init_values=(kv_cache__ssa_v0, pe_cache__ssa_v0)):
            ret__tmp_v0: pl.Tuple[pl.Tensor[[65536, 512], pl.BF16], pl.Tensor[[65536, 64], pl.BF16]] = self.decode_cache_write(seq_lens__ssa_v0, b__idx_v0_1, rope_cos__ssa_v0, rope_sin__ssa_v0, kv_normed_out__ssa_v1, kv_a_out__rv_v2, kv_cache__iter_v1, pe_cache__iter_v1)
            kv_cache__ssa_v3: pl.Tensor[[65536, 512], pl.BF16] = ret__tmp_v0[0]
            pe_cache__ssa_v4: pl.Tensor[[65536, 64], pl.BF16] = ret__tmp_v0[1]
            kv_cache__rv_v2, pe_cache__rv_v2 = pl.yield_(kv_cache__ssa_v3, pe_cache__ssa_v4)
        # ===== scope2: indexer path (prepare q_idx/k_cache_idx) =====
        # Outputs:
        # - q_idx_out: BF16 aggregated index query vector for stage3
        # - k_cache_idx: BF16 index key cache row for the current decode token
        # 
        # Scope123 switches to an INT8 index path after the Hadamard stage.
        # Scope1234 keeps the BF16 index contract because this standalone file
        # still validates and exports `k_cache_idx` in BF16, and scope3 keeps the
        # matching exact BF16 score path. The staging and comments below stay as
        # close to scope123 as the scope1234 data contract safely allows.
        # Stage 2.1: q_idx_full = wq_b_idx(qr_out).
        q_idx_full__ssa_v0: pl.Tensor[[16, 8192], pl.BF16] = pl.tensor.create([16, 8192], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for q0__idx_v0_2, (q_idx_full__iter_v1,) in pl.parallel(0, 8192, 128, init_values=(q_idx_full__ssa_v0,)):
            ret0__out_2: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.create([16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            s2_q_acc__rv_v2: pl.Tensor[[16, 128], pl.FP32] = self.s2_q_idx_proj(qr_out__rv_v2, wq_b_idx__ssa_v0, q0__idx_v0_2, ret0__out_2)
            q_idx_full__ssa_v3: pl.Tensor[[16, 8192], pl.BF16] = self.s2_q_idx_proj_write(s2_q_acc__rv_v2, q_idx_full__iter_v1, q0__idx_v0_2)
            q_idx_full__rv_v2: pl.Tensor[[16, 8192], pl.BF16] = pl.yield_(q_idx_full__ssa_v3)
        # Stage 2.2: k_idx = wk_idx(hidden_states).
        k_idx__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.create([16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for k1__idx_v0, (k_idx__iter_v1,) in pl.parallel(0, 128, 64, init_values=(k_idx__ssa_v0,)):
            ret0__out_3: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            s2_k_acc__rv_v2: pl.Tensor[[16, 64], pl.FP32] = self.s2_k_idx_proj(hidden_states__ssa_v0, wk_idx__ssa_v0, k1__idx_v0, ret0__out_3)
            k_idx__ssa_v3: pl.Tensor[[16, 128], pl.BF16] = self.s2_k_idx_proj_write(s2_k_acc__rv_v2, k_idx__iter_v1, k1__idx_v0)
            k_idx__rv_v2: pl.Tensor[[16, 128], pl.BF16] = pl.yield_(k_idx__ssa_v3)
        ret0__out_4: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.create([16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        k_idx__ssa_v4: pl.Tensor[[16, 128], pl.BF16] = self.s2_k_idx_layernorm(k_idx__rv_v2, k_norm_weight__ssa_v0, k_norm_bias__ssa_v0, ret0__out_4)
        # Stage 2.4: Apply RoPE on rope dimensions of q_idx_full and k_idx.
        for b__idx_v0_2, (k_idx__iter_v5, q_idx_full__iter_v4) in pl.parallel(16, init_values=(k_idx__ssa_v4, q_idx_full__rv_v2)):
            ret__tmp_v0_1: pl.Tuple[pl.Tensor[[16, 8192], pl.BF16], pl.Tensor[[16, 128], pl.BF16]] = self.s2_idx_rope(seq_lens__ssa_v0, b__idx_v0_2, rope_cos__ssa_v0, rope_sin__ssa_v0, q_idx_full__iter_v4, k_idx__iter_v5)
            q_idx_full__rv_v7: pl.Tensor[[16, 8192], pl.BF16] = ret__tmp_v0_1[0]
            k_idx__ssa_v8: pl.Tensor[[16, 128], pl.BF16] = ret__tmp_v0_1[1]
            k_idx__rv_v6, q_idx_full__rv_v5 = pl.yield_(k_idx__ssa_v8, q_idx_full__rv_v7)
        # Stage 2.5: Apply Hadamard transform (full matrix multiplication).
        # Keep matmul and vector writeback in separate scopes on a2a3 to avoid
        # generating mixed AIC/AIV kernels with zero-work vector lanes.
        for h__idx_v0, (q_idx_full__iter_v10,) in pl.parallel(64, init_values=(q_idx_full__rv_v5,)):
            h_offset__ssa_v0: pl.Scalar[pl.INDEX] = h__idx_v0 * 128
            ret0__out_5: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.create([16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            q_h_tile__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = self.s2_q_hadamard_matmul(q_idx_full__iter_v10, h_offset__ssa_v0, hadamard_q__ssa_v0, ret0__out_5)
            q_idx_full__ssa_v12: pl.Tensor[[16, 8192], pl.BF16] = self.s2_q_hadamard_write(q_h_tile__ssa_v0, q_idx_full__iter_v10, h_offset__ssa_v0)
            q_idx_full__rv_v11: pl.Tensor[[16, 8192], pl.BF16] = pl.yield_(q_idx_full__ssa_v12)
        ret0__out_6: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.create([16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        k_h_tile__ssa_v0: pl.Tensor[[16, 128], pl.FP32] = self.s2_k_hadamard_matmul(k_idx__rv_v6, hadamard_k__ssa_v0, ret0__out_6)
        k_idx__ssa_v9: pl.Tensor[[16, 128], pl.BF16] = self.s2_k_hadamard_write(k_h_tile__ssa_v0, k_idx__rv_v6)
        # Stage 2.6: weights = weights_proj(hidden_states) * n_heads^-0.5 * head_dim^-0.5.
        weights_proj_bf16__ssa_v0: pl.Tensor[[7168, 64], pl.BF16] = pl.tensor.create([7168, 64], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        weights_proj_bf16__rv_v2: pl.Tensor[[7168, 64], pl.BF16] = self.s2_weights_proj_bf16(weights_proj_bf16__ssa_v0, weights_proj__ssa_v0)
        weights__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        for w0__idx_v0, (weights__iter_v1,) in pl.parallel(0, 64, 16, init_values=(weights__ssa_v0,)):
            weights__ssa_v3: pl.Tensor[[16, 64], pl.FP32] = self.s2_weights_matmul(hidden_states__ssa_v0, weights_proj_bf16__rv_v2, w0__idx_v0, weights__iter_v1)
            weights__rv_v2: pl.Tensor[[16, 64], pl.FP32] = pl.yield_(weights__ssa_v3)
        ret0__out_7: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        weights__ssa_v4: pl.Tensor[[16, 64], pl.FP32] = self.s2_weights_scale(weights__rv_v2, ret0__out_7)
        # Stage 2.7: Write current-token k_idx into BF16 cache form.
        for b__idx_v0_3, (k_cache_idx__iter_v1,) in pl.parallel(16, init_values=(k_cache_idx__ssa_v0,)):
            k_cache_idx__ssa_v3: pl.Tensor[[65536, 128], pl.BF16] = self.s2_k_idx_cache_write(seq_lens__ssa_v0, b__idx_v0_3, k_idx__ssa_v9, k_cache_idx__iter_v1)
            k_cache_idx__rv_v2: pl.Tensor[[65536, 128], pl.BF16] = pl.yield_(k_cache_idx__ssa_v3)
        # Stage 2.8: Reduce q_idx_full across heads with weights to get q_idx_out.
        q_idx_out__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.create([16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        weights_flat__ssa_v0: pl.Tensor[[1024], pl.FP32] = pl.tensor.reshape(weights__ssa_v4, [1024])
        q_idx_out__rv_v2: pl.Tensor[[16, 128], pl.BF16] = self.s2_q_reduce(q_idx_out__ssa_v0, q_idx_full__rv_v11, weights_flat__ssa_v0)
        # ===== scope3: index score + topk =====
        # Inputs: q_idx_out, k_cache_idx
        # Internal bridge:
        # - topk_idx: top-k positions per batch for scope4
        # 
        # Scope123's INT8 path computes quantized per-head scores and topk values.
        # Scope1234 keeps the exact BF16 `q_idx_out x k_cache_idx` score path so the
        # topk indices stay aligned with the exported BF16 cache contract.
        topk_idx__ssa_v0: pl.Tensor[[16, 2048], pl.INT32] = pl.tensor.create([16, 2048], dtype=pl.INT32, layout=pl.TensorLayout.ND)
        scores__ssa_v0: pl.Tensor[[16, 8192], pl.FP32] = pl.tensor.create([16, 8192], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        s3_q_padded__ssa_v0: pl.Tensor[[256, 128], pl.BF16] = pl.tensor.create([256, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        for b__idx_v0_4, (s3_q_padded__iter_v1, scores__iter_v1, topk_idx__iter_v1) in pl.parallel(16, init_values=(s3_q_padded__ssa_v0, scores__ssa_v0, topk_idx__ssa_v0)):
            s3_score_tiles__ssa_v0: pl.Tensor[[1024, 64], pl.FP32] = pl.tensor.create([1024, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            ret__tmp_v0_2: pl.Tuple[pl.Tensor[[256, 128], pl.BF16], pl.Tensor[[16, 8192], pl.FP32]] = self.s3_init(q_idx_out__rv_v2, b__idx_v0_4, s3_q_padded__iter_v1, scores__iter_v1)
            s3_q_padded__ssa_v4: pl.Tensor[[256, 128], pl.BF16] = ret__tmp_v0_2[0]
            scores__ssa_v3: pl.Tensor[[16, 8192], pl.FP32] = ret__tmp_v0_2[1]
            s3_ctx_len__ssa_v0: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0_4])
            s3_ctx_blocks__ssa_v0: pl.Scalar[pl.INDEX] = (pl.cast(s3_ctx_len__ssa_v0, pl.INDEX) + 63) // 64
            s3_score_tiles__rv_v2: pl.Tensor[[1024, 64], pl.FP32] = self.s3_score_tile(s3_score_tiles__ssa_v0, s3_ctx_blocks__ssa_v0, b__idx_v0_4, s3_q_padded__ssa_v4, k_cache_idx__rv_v2)
            scores__rv_v5: pl.Tensor[[16, 8192], pl.FP32] = self.s3_score_write(scores__ssa_v3, s3_ctx_blocks__ssa_v0, s3_ctx_len__ssa_v0, s3_score_tiles__rv_v2, b__idx_v0_4)
            s3_sorted_gm__ssa_v0: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.create([1, 16384], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            s3_sorted_gm__ssa_v1: pl.Tensor[[1, 16384], pl.FP32] = self.s3_sort(scores__rv_v5, b__idx_v0_4, s3_sorted_gm__ssa_v0)
            topk_idx__ssa_v3: pl.Tensor[[16, 2048], pl.INT32] = self.s3_topk_extract(s3_sorted_gm__ssa_v1, s3_ctx_len__ssa_v0, topk_idx__iter_v1, b__idx_v0_4)
            s3_q_padded__rv_v2, scores__rv_v2, topk_idx__rv_v2 = pl.yield_(s3_q_padded__ssa_v4, scores__rv_v5, topk_idx__ssa_v3)
        # ===== scope4: sparse attention with online softmax + latent-to-V projection =====
        # Inputs: q_proj, kv_cache, pe_cache, topk_idx
        # Output: dispatch_buf (cross-node dispatch buffer)
        attn_front__ssa_v0: pl.Tensor[[16, 16384], pl.BF16] = pl.tensor.create([16, 16384], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        topk_idx_flat__ssa_v0: pl.Tensor[[32768], pl.INT32] = pl.tensor.reshape(topk_idx__rv_v2, [32768])
        w_q_nope_to_latent_2d__ssa_v0: pl.Tensor[[16384, 512], pl.BF16] = pl.tensor.reshape(w_q_nope_to_latent__ssa_v0, [16384, 512])
        w_latent_to_v_2d__ssa_v0: pl.Tensor[[65536, 128], pl.BF16] = pl.tensor.reshape(w_latent_to_v__ssa_v0, [65536, 128])
        for b__idx_v0_5, (attn_front__iter_v1,) in pl.parallel(16, init_values=(attn_front__ssa_v0,)):
            attn_row__ssa_v0: pl.Tensor[[1, 16384], pl.FP32] = pl.tensor.create([1, 16384], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            t__tmp_v78: pl.Scalar[pl.INT32] = pl.tensor.read(seq_lens__ssa_v0, [b__idx_v0_5])
            sparse_k__ssa_v0: pl.Scalar[pl.INDEX] = pl.min(pl.cast(t__tmp_v78, pl.INDEX), 2048)
            topk_base__ssa_v0: pl.Scalar[pl.INDEX] = b__idx_v0_5 * 2048
            for h__idx_v0_1, (attn_row__iter_v1,) in pl.parallel(128, init_values=(attn_row__ssa_v0,)):
                q_col__ssa_v1: pl.Scalar[pl.INDEX] = h__idx_v0_1 * 192
                v_col__ssa_v0: pl.Scalar[pl.INDEX] = h__idx_v0_1 * 128
                ret0__out_8: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                ret1__out: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.create([16, 128], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                ret2__out: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.create([16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                ret__tmp_v0_3: pl.Tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 128], pl.BF16], pl.Tensor[[16, 512], pl.FP32]] = self.s4_q_pe_load(q_proj__rv_v5, b__idx_v0_5, q_col__ssa_v1, ret0__out_8, ret1__out, ret2__out)
                q_pe_batch__ssa_v0: pl.Tensor[[16, 64], pl.FP32] = ret__tmp_v0_3[0]
                q_nope_padded__ssa_v1: pl.Tensor[[16, 128], pl.BF16] = ret__tmp_v0_3[1]
                q_nope_latent_batch__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = ret__tmp_v0_3[2]
                q_nope_latent_batch__rv_v2: pl.Tensor[[16, 512], pl.FP32] = self.s4_q_nope_latent_proj(h__idx_v0_1, q_nope_latent_batch__ssa_v0, w_q_nope_to_latent_2d__ssa_v0, q_nope_padded__ssa_v1)
                ret0__out_9: pl.Tensor[[16, 512], pl.FP32] = pl.tensor.create([16, 512], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                ctx_latent_batch__ssa_v0: pl.Tensor[[16, 512], pl.FP32] = self.s4_softmax(topk_idx_flat__ssa_v0, topk_base__ssa_v0, b__idx_v0_5, kv_cache__rv_v2, pe_cache__rv_v2, q_nope_latent_batch__rv_v2, q_pe_batch__ssa_v0, sparse_k__ssa_v0, ret0__out_9)
                ret0__out_10: pl.Tensor[[16, 512], pl.BF16] = pl.tensor.create([16, 512], dtype=pl.BF16, layout=pl.TensorLayout.ND)
                ctx_latent_bf16_batch__ssa_v0: pl.Tensor[[16, 512], pl.BF16] = self.s4_latent_cast(ctx_latent_batch__ssa_v0, ret0__out_10)
                ret0__out_11: pl.Tensor[[16, 128], pl.FP32] = pl.tensor.create([16, 128], dtype=pl.FP32, layout=pl.TensorLayout.ND)
                ctx_v_batch__rv_v2: pl.Tensor[[16, 128], pl.FP32] = self.s4_v_proj(h__idx_v0_1, w_latent_to_v_2d__ssa_v0, ctx_latent_bf16_batch__ssa_v0, ret0__out_11)
                attn_row__ssa_v3: pl.Tensor[[1, 16384], pl.FP32] = self.s4_v_assemble(ctx_v_batch__rv_v2, attn_row__iter_v1, v_col__ssa_v0)
                attn_row__rv_v2: pl.Tensor[[1, 16384], pl.FP32] = pl.yield_(attn_row__ssa_v3)
            attn_front__ssa_v3: pl.Tensor[[16, 16384], pl.BF16] = self.s4_attn_row_write(attn_row__rv_v2, attn_front__iter_v1, b__idx_v0_5)
            attn_front__rv_v2: pl.Tensor[[16, 16384], pl.BF16] = pl.yield_(attn_front__ssa_v3)
        dispatch_buf__rv_v2: pl.Tensor[[128, 16, 16384], pl.BF16] = self.s4_dispatch(layer_id_t__ssa_v0, dispatch_buf__ssa_v0, attn_front__rv_v2)
        return dispatch_buf__rv_v2
