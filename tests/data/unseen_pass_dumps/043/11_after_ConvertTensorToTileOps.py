# pypto.program: PipelineGateUpProgram
import pypto.language as pl

@pl.program
class PipelineGateUpProgram:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def gate_up_pipeline_acc(x__ssa_v0: pl.Tensor[[16, 512], pl.BF16], wg__ssa_v0: pl.Tensor[[512, 256], pl.BF16], wu__ssa_v0: pl.Tensor[[512, 256], pl.BF16], out_tile__ssa_v0: pl.Out[pl.Tensor[[16, 256], pl.BF16]]) -> pl.Tensor[[16, 256], pl.BF16]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        # Prolog: unrolled first two K_CHUNK slices
        x0__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(x__ssa_v0, [0, 0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        x1__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(x__ssa_v0, [0, 128], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wg0__tile: pl.Tile[[128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wg__ssa_v0, [0, 0], [128, 256], [128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wg1__tile: pl.Tile[[128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wg__ssa_v0, [128, 0], [128, 256], [128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wu0__tile: pl.Tile[[128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wu__ssa_v0, [0, 0], [128, 256], [128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        wu1__tile: pl.Tile[[128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wu__ssa_v0, [128, 0], [128, 256], [128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        gate_acc__tile: pl.Tile[[16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(x0__tile, wg0__tile)
        gate_acc__tile_1: pl.Tile[[16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(gate_acc__tile, x1__tile, wg1__tile)
        for kb__idx_v0, (gate_acc__iter_v2,) in pl.pipeline(2, 4, stage=2, init_values=(gate_acc__tile_1,)):
            k0__ssa_v0: pl.Scalar[pl.INDEX] = kb__idx_v0 * 128
            xk__tile: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(x__ssa_v0, [0, k0__ssa_v0], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wgk__tile: pl.Tile[[128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wg__ssa_v0, [k0__ssa_v0, 0], [128, 256], [128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            gate_acc__tile_2: pl.Tile[[16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(gate_acc__iter_v2, xk__tile, wgk__tile)
            gate_acc__rv_v3: pl.Tile[[16, 256], pl.FP32, pl.Mem.Acc] = pl.yield_(gate_acc__tile_2)
        gate_fp32__tile: pl.Tile[[16, 256], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.adds(gate_acc__rv_v3, 0.0)
        up_acc__tile: pl.Tile[[16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(x0__tile, wu0__tile)
        up_acc__tile_1: pl.Tile[[16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(up_acc__tile, x1__tile, wu1__tile)
        for kb__idx_v0_1, (up_acc__iter_v2,) in pl.pipeline(2, 4, stage=2, init_values=(up_acc__tile_1,)):
            k0__ssa_v1: pl.Scalar[pl.INDEX] = kb__idx_v0_1 * 128
            xk__tile_1: pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat] = pl.tile.load(x__ssa_v0, [0, k0__ssa_v1], [16, 128], [16, 128], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            wuk__tile: pl.Tile[[128, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(wu__ssa_v0, [k0__ssa_v1, 0], [128, 256], [128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": True})
            up_acc__tile_2: pl.Tile[[16, 256], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(up_acc__iter_v2, xk__tile_1, wuk__tile)
            up_acc__rv_v3: pl.Tile[[16, 256], pl.FP32, pl.Mem.Acc] = pl.yield_(up_acc__tile_2)
        combined__tile: pl.Tile[[16, 256], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.mul(gate_fp32__tile, up_acc__rv_v3)
        combined_bf16__tile: pl.Tile[[16, 256], pl.BF16, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.cast(combined__tile, target_type=pl.BF16, mode='round')
        out_tile__tile: pl.Tensor[[16, 256], pl.BF16] = pl.tile.store(combined_bf16__tile, [0, 0], out_tile__ssa_v0)
        return out_tile__ssa_v0
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
        out_tile__ssa_v1: pl.Tensor[[16, 256], pl.BF16] = self.gate_up_pipeline_acc(x__ssa_v0, wg__ssa_v0, wu__ssa_v0, out_tile__ssa_v0)
        out__ssa_v1: pl.Tensor[[16, 256], pl.BF16] = pl.tensor.assemble(out__ssa_v0, out_tile__ssa_v1, [0, 0])
        return out__ssa_v1
