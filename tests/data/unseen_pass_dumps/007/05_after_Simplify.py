# pypto.program: AllReduceMesh
import pypto.language as pl

NR = pl.dynamic("NR")
@pl.program
class AllReduceMesh:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def reduce_step(inp__ssa_v0: pl.Tensor[[1, 256], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[1, 256], pl.FP32]], data__ssa_v0: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]], signal__ssa_v0: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        # Four-phase mesh allreduce on window-bound ``data`` / ``signal``.
        ctx__ssa_v0: pld.CommCtxType = pld.system.get_comm_ctx(data__ssa_v0)
        my_rank__ssa_v0: pl.Scalar[pl.INT32] = pld.system.rank(ctx__ssa_v0)
        nranks__ssa_v0: pl.Scalar[pl.INT32] = pld.system.nranks(ctx__ssa_v0)
        # Phase 1: stage-in — local input → this rank's window slice.
        local__ssa_v0: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp__ssa_v0, [0, 0], [1, 256], [1, 256], target_memory=pl.Mem.Vec)
        data__ssa_v1: pld.DistributedTensor[[1, 256], pl.FP32] = pl.tile.store(local__ssa_v0, [0, 0], data__ssa_v0)
        # Phase 2: barrier — notify every peer, wait on every peer slot.
        # Matches allreduce_kernel.cpp: signal[peer] on remote, wait local [src].
        # ``alloc_window_buffer`` zero-initialises cells; AtomicAdd/Ge(1) is safe.
        for peer__idx_v0 in pl.range(nranks__ssa_v0):
            if peer__idx_v0 != pl.cast(my_rank__ssa_v0, pl.INDEX):
                pld.system.notify(signal__ssa_v0, peer__idx_v0, [my_rank__ssa_v0, 0], pl.const(1, pl.INT32), op=0)
        for src__idx_v0 in pl.range(nranks__ssa_v0):
            if src__idx_v0 != pl.cast(my_rank__ssa_v0, pl.INDEX):
                pld.system.wait(signal__ssa_v0, [src__idx_v0, 0], pl.const(1, pl.INT32), cmp=1)
        # Phase 3: load my slice, add every peer's slice via remote_load.
        acc__ssa_v0: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(data__ssa_v1, [0, 0], [1, 256], [1, 256], target_memory=pl.Mem.Vec)
        for peer__idx_v0_1, (acc__iter_v1,) in pl.range(nranks__ssa_v0, init_values=(acc__ssa_v0,)):
            if peer__idx_v0_1 != pl.cast(my_rank__ssa_v0, pl.INDEX):
                recv__ssa_v0: pl.Tile[[1, 256], pl.FP32] = pld.tile.remote_load(data__ssa_v1, peer__idx_v0_1, [0, 0], [1, 256])
                acc__ssa_v3: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc__iter_v1, recv__ssa_v0)
                acc__phi_v4: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.yield_(acc__ssa_v3)
            else:
                acc__phi_v4: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.yield_(acc__iter_v1)
            acc__rv_v2: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.yield_(acc__phi_v4)
        # Phase 4: stage-out — reduced accumulator → local output.
        return pl.tile.store(acc__rv_v2, [0, 0], out__ssa_v0)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def chip_orch(self, inp__ssa_v0: pl.Tensor[[1, 256], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[1, 256], pl.FP32]], data__ssa_v0: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]], signal__ssa_v0: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        # Per-device orchestration wrapper around ``reduce_step``.
        return self.reduce_step(inp__ssa_v0, out__ssa_v0, data__ssa_v0, signal__ssa_v0)
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, inputs__ssa_v0: pl.Tensor[[NR, 1, 256], pl.FP32], outputs__ssa_v0: pl.Out[pl.Tensor[[NR, 1, 256], pl.FP32]]) -> pl.Tensor[[NR, 1, 256], pl.FP32]:
        # Launch one chip orchestration per rank with shared window buffers.
        data_buf__ssa_v0: pl.Ptr = pld.tensor.alloc_window_buffer(1024)
        signal_buf__ssa_v0: pl.Ptr = pld.tensor.alloc_window_buffer(pld.system.world_size() * 4)
        for r__idx_v0 in pl.range(pld.system.world_size()):
            data__ssa_v0: pld.DistributedTensor[[1, 256], pl.FP32] = pld.tensor.window(data_buf__ssa_v0, [1, 256], dtype=pl.FP32)
            signal__ssa_v0: pld.DistributedTensor[[pld.system.world_size(), 1], pl.INT32] = pld.tensor.window(signal_buf__ssa_v0, [pld.system.world_size(), 1], dtype=pl.INT32)
            self.chip_orch(pl.tensor.slice(inputs__ssa_v0, [1, 1, 256], [r__idx_v0, 0, 0], [], [0]), pl.tensor.slice(outputs__ssa_v0, [1, 1, 256], [r__idx_v0, 0, 0], [], [0]), data__ssa_v0, signal__ssa_v0, device=r__idx_v0)
        return outputs__ssa_v0
