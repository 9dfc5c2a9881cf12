# pypto.program: AllReduceMesh
import pypto.language as pl

NR = pl.dynamic("NR")
@pl.program
class AllReduceMesh:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def reduce_step(inp: pl.Tensor[[1, 256], pl.FP32], out: pl.Out[pl.Tensor[[1, 256], pl.FP32]], data: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]], signal: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        # Four-phase mesh allreduce on window-bound ``data`` / ``signal``.
        ctx: pld.CommCtxType = pld.system.get_comm_ctx(data)
        my_rank: pl.Scalar[pl.INT32] = pld.system.rank(ctx)
        nranks: pl.Scalar[pl.INT32] = pld.system.nranks(ctx)
        # Phase 1: stage-in — local input → this rank's window slice.
        local: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp, [0, 0], [1, 256], [1, 256], target_memory=pl.Mem.Vec)
        data: pld.DistributedTensor[[1, 256], pl.FP32] = pl.tile.store(local, [0, 0], data)
        # Phase 2: barrier — notify every peer, wait on every peer slot.
        # Matches allreduce_kernel.cpp: signal[peer] on remote, wait local [src].
        # ``alloc_window_buffer`` zero-initialises cells; AtomicAdd/Ge(1) is safe.
        for peer in pl.range(nranks):
            if peer != pl.cast(my_rank, pl.INDEX):
                pld.system.notify(signal, peer, [my_rank, 0], pl.const(1, pl.INT32), op=0)
        for src in pl.range(nranks):
            if src != pl.cast(my_rank, pl.INDEX):
                pld.system.wait(signal, [src, 0], pl.const(1, pl.INT32), cmp=1)
        # Phase 3: load my slice, add every peer's slice via remote_load.
        acc: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [0, 0], [1, 256], [1, 256], target_memory=pl.Mem.Vec)
        for peer_1 in pl.range(nranks):
            if peer_1 != pl.cast(my_rank, pl.INDEX):
                recv: pl.Tile[[1, 256], pl.FP32] = pld.tile.remote_load(data, peer_1, [0, 0], [1, 256])
                acc: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc, recv)
        # Phase 4: stage-out — reduced accumulator → local output.
        return pl.tile.store(acc, [0, 0], out)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def chip_orch(self, inp: pl.Tensor[[1, 256], pl.FP32], out: pl.Out[pl.Tensor[[1, 256], pl.FP32]], data: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]], signal: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        # Per-device orchestration wrapper around ``reduce_step``.
        return self.reduce_step(inp, out, data, signal)
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, inputs: pl.Tensor[[NR, 1, 256], pl.FP32], outputs: pl.Out[pl.Tensor[[NR, 1, 256], pl.FP32]]) -> pl.Tensor[[NR, 1, 256], pl.FP32]:
        # Launch one chip orchestration per rank with shared window buffers.
        data_buf: pl.Ptr = pld.tensor.alloc_window_buffer(pl.const(256, pl.INDEX) * pl.const(4, pl.INDEX))
        signal_buf: pl.Ptr = pld.tensor.alloc_window_buffer(pld.system.world_size() * 4)
        for r in pl.range(pld.system.world_size()):
            data: pld.DistributedTensor[[1, 256], pl.FP32] = pld.tensor.window(data_buf, [1, 256], dtype=pl.FP32)
            signal: pld.DistributedTensor[[pld.system.world_size(), 1], pl.INT32] = pld.tensor.window(signal_buf, [pld.system.world_size(), 1], dtype=pl.INT32)
            self.chip_orch(pl.tensor.slice(inputs, [1, 1, 256], [r, 0, 0], [], [0]), pl.tensor.slice(outputs, [1, 1, 256], [r, 0, 0], [], [0]), data, signal, device=r)
        return outputs
