# pypto.program: PipelineGateUpProgram
import pypto.language as pl

@pl.program
class PipelineGateUpProgram:
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def orchestrator(self, x__ssa_v0: pl.Tensor[[16, 512], pl.BF16], wg__ssa_v0: pl.Tensor[[512, 256], pl.BF16], wu__ssa_v0: pl.Tensor[[512, 256], pl.BF16], out__ssa_v0: pl.Out[pl.Tensor[[16, 256], pl.BF16]]) -> pl.Tensor[[16, 256], pl.BF16]:
        # Mirror the exact gate_up_silu structure from qwen3_32b:
        # split=UP_DOWN triggers the AIC/AIV split that causes
        # MemoryReuse to run on the AIC function, where the two
        # concurrent same-shape accumulators expose the MemRef-base
        # mismatch that triggers the acc→acc pto.tmov bug (#1352).
        # 
        # out_tile is a separate DDR BF16 staging tensor used as an
        # intermediate write target before the final assemble into the
        # caller-provided ``out``.  Assembling a BF16 Vec tile directly
        # into the caller's DDR ND tensor (via TStore NZ→ND) fails with
        # a layout mismatch on A2/A3; routing through a fresh DDR
        # staging tensor (allocated here via pl.create_tensor) and then
        # assembling that into ``out`` avoids the restriction.  The
        # name "out_tile" is historical; this is a Tensor, not a Tile.
        out_tile__ssa_v0: pl.Tensor[[16, 256], pl.BF16] = pl.tensor.create([16, 256], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="gate_up_pipeline_acc"):
            # Prolog: unrolled first two K_CHUNK slices
            x0__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(x__ssa_v0, [16, 128], [0, 0])
            x1__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(x__ssa_v0, [16, 128], [0, 128])
            wg0__ssa_v0: pl.Tensor[[128, 256], pl.BF16] = pl.tensor.slice(wg__ssa_v0, [128, 256], [0, 0])
            wg1__ssa_v0: pl.Tensor[[128, 256], pl.BF16] = pl.tensor.slice(wg__ssa_v0, [128, 256], [128, 0])
            wu0__ssa_v0: pl.Tensor[[128, 256], pl.BF16] = pl.tensor.slice(wu__ssa_v0, [128, 256], [0, 0])
            wu1__ssa_v0: pl.Tensor[[128, 256], pl.BF16] = pl.tensor.slice(wu__ssa_v0, [128, 256], [128, 0])
            # Gate projection — mirrors the exact structure in qwen3_32b
            # gate_up_silu: each of gate and up has its OWN independent
            # pl.pipeline loop.  Two separate pipeline loops over the
            # same K range produce two independent IterArg chains for
            # gate_acc and up_acc.  LowerPipelineLoops replicates each
            # loop body separately, making MemoryReuse more likely to
            # leave the _l0_c bases of gate and up ununified with the
            # outer acc bases — the condition that exposes #1352.
            gate_acc__ssa_v0: pl.Tensor[[16, 256], pl.FP32] = pl.tensor.matmul(x0__ssa_v0, wg0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            gate_acc__ssa_v1: pl.Tensor[[16, 256], pl.FP32] = pl.tensor.matmul_acc(gate_acc__ssa_v0, x1__ssa_v0, wg1__ssa_v0, a_trans=False, b_trans=False)
            for kb__idx_v0, (gate_acc__iter_v2,) in pl.pipeline(2, 4, stage=2, init_values=(gate_acc__ssa_v1,)):
                k0__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
                xk__ssa_v0: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(x__ssa_v0, [16, 128], [0, k0__ssa_v0])
                wgk__ssa_v0: pl.Tensor[[128, 256], pl.BF16] = pl.tensor.slice(wg__ssa_v0, [128, 256], [k0__ssa_v0, 0])
                gate_acc__ssa_v4: pl.Tensor[[16, 256], pl.FP32] = pl.tensor.matmul_acc(gate_acc__iter_v2, xk__ssa_v0, wgk__ssa_v0, a_trans=False, b_trans=False)
                gate_acc__rv_v3: pl.Tensor[[16, 256], pl.FP32] = pl.yield_(gate_acc__ssa_v4)
            # --- match the exact Qwen3-32B consumption ordering ---
            # In the model, gate_acc is first consumed by:
            #   sigmoid = recip(add(exp(neg(gate_acc)), 1.0))
            # which is a Vec operation that forces the compiler to
            # emit a tpush for gate_acc BEFORE the up pipeline starts.
            # Without this intermediate use, both tpushes would be
            # scheduled after both pipelines, so gate_acc's tpop would
            # read the shared Acc buffer = up_final (wrong).
            # 
            # Here we approximate sigmoid with a no-op-equivalent
            # pl.add(gate_acc, 0.0) that forces the tpush between the
            # two pipelines.  gate_fp32 is a Vec FP32 tile that
            # correctly captures gate_final at this point.
            gate_fp32__ssa_v0: pl.Tensor[[16, 256], pl.FP32] = pl.tensor.adds(gate_acc__rv_v3, 0.0)
            # Up projection — independent pipeline loop, same shape.
            # AIC overwrites the shared Acc buffer with up values here;
            # gate_fp32 is already in Vec space so it is unaffected.
            up_acc__ssa_v0: pl.Tensor[[16, 256], pl.FP32] = pl.tensor.matmul(x0__ssa_v0, wu0__ssa_v0, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
            up_acc__ssa_v1: pl.Tensor[[16, 256], pl.FP32] = pl.tensor.matmul_acc(up_acc__ssa_v0, x1__ssa_v0, wu1__ssa_v0, a_trans=False, b_trans=False)
            for kb__idx_v0_1, (up_acc__iter_v2,) in pl.pipeline(2, 4, stage=2, init_values=(up_acc__ssa_v1,)):
                k0__ssa_v1: pl.Scalar[pl.INDEX] = kb__idx_v0_1 * 128
                xk__ssa_v1: pl.Tensor[[16, 128], pl.BF16] = pl.tensor.slice(x__ssa_v0, [16, 128], [0, k0__ssa_v1])
                wuk__ssa_v0: pl.Tensor[[128, 256], pl.BF16] = pl.tensor.slice(wu__ssa_v0, [128, 256], [k0__ssa_v1, 0])
                up_acc__ssa_v4: pl.Tensor[[16, 256], pl.FP32] = pl.tensor.matmul_acc(up_acc__iter_v2, xk__ssa_v1, wuk__ssa_v0, a_trans=False, b_trans=False)
                up_acc__rv_v3: pl.Tensor[[16, 256], pl.FP32] = pl.yield_(up_acc__ssa_v4)
            # gate_fp32 × up_acc (FP32 tmul, supported on A2/A3).
            # up_acc's tpush happens after the up pipeline, reading
            # the shared Acc buffer = up_final ✓.
            combined__ssa_v0: pl.Tensor[[16, 256], pl.FP32] = pl.tensor.mul(gate_fp32__ssa_v0, up_acc__rv_v3)
            combined_bf16__ssa_v0: pl.Tensor[[16, 256], pl.BF16] = pl.tensor.cast(combined__ssa_v0, target_type=pl.BF16, mode='round')
            out_tile__ssa_v1: pl.Tensor[[16, 256], pl.BF16] = pl.tensor.assemble(out_tile__ssa_v0, combined_bf16__ssa_v0, [0, 0])
        out__ssa_v1: pl.Tensor[[16, 256], pl.BF16] = pl.tensor.assemble(out__ssa_v0, out_tile__ssa_v1, [0, 0])
        return out__ssa_v1
