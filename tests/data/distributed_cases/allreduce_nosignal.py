import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Dist:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(self, x: pl.Tensor[[1, 64], pl.FP32], y: pl.Out[pl.Tensor[[1, 64], pl.FP32]], data: pld.DistributedTensor[[1, 64], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pl.Tensor[[1, 64], pl.FP32]:
        ctx = pld.get_comm_ctx(data)
        my_rank = pld.rank(ctx)
        nranks = pld.nranks(ctx)
        peer = (my_rank + 1) % nranks
        local = pl.load(x, [0, 0], [1, 64])
        pld.tile.remote_store(local, data, peer=peer, offsets=[0, 0])
        pld.system.notify(signal, peer, [my_rank, 0], 1, op=pld.NotifyOp.AtomicAdd)
        pld.system.wait(signal, [peer, 0], 1, cmp=pld.WaitCmp.Ge)
        recv = pld.tile.remote_load(data, peer=peer, offsets=[0, 0], shape=[1, 64])
        y = pl.store(recv, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def chip_orch(self, x: pl.Tensor[[1, 64], pl.FP32], y: pl.Out[pl.Tensor[[1, 64], pl.FP32]], data: pld.DistributedTensor[[1, 64], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pl.Tensor[[1, 64], pl.FP32]:
        return self.kernel(x, y, data, signal)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, inputs: pl.Tensor[[2, 1, 64], pl.FP32], outputs: pl.Out[pl.Tensor[[2, 1, 64], pl.FP32]]) -> pl.Tensor[[2, 1, 64], pl.FP32]:
        data_buf = pld.alloc_window_buffer(64 * 4)
        signal_buf = pld.alloc_window_buffer(2 * 4)
        stage_buf = pld.alloc_window_buffer(64 * 4)
        data = pld.window(data_buf, [1, 64], dtype=pl.FP32)
        signal = pld.window(signal_buf, [2, 1], dtype=pl.INT32)
        stage = pld.window(stage_buf, [1, 64], dtype=pl.FP32)
        data = pld.tensor.allreduce(data, op=pld.ReduceOp.Sum)
        signal = pld.tensor.barrier(signal)
        for r in pl.range(pld.world_size()):
            self.chip_orch(inputs[r], outputs[r], data, signal, device=r)
        return outputs
