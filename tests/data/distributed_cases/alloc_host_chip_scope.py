import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Ring:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def consume_step(self, data: pld.DistributedTensor[[1, 256], pl.FP32], out: pl.Out[pl.Tensor[[1, 256], pl.FP32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        reduced = pl.load(data, [0, 0], [1, 256])
        return pl.store(reduced, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def consume_orch(self, data: pld.DistributedTensor[[1, 256], pl.FP32], out: pl.Out[pl.Tensor[[1, 256], pl.FP32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        return self.consume_step(data, out)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, inputs: pl.Tensor[[2, 1, 256], pl.FP32], outputs: pl.Out[pl.Tensor[[2, 1, 256], pl.FP32]]) -> pl.Tensor[[2, 1, 256], pl.FP32]:
        data_buf = pld.alloc_window_buffer(256 * 4)
        signal_buf = pld.alloc_window_buffer(6 * 4)
        data = pld.window(data_buf, [1, 256], dtype=pl.FP32)
        signal = pld.window(signal_buf, [3, 2], dtype=pl.INT32)
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, mode="ring")
        with pl.at(level=pl.Level.CHIP):
            q = pld.alloc_window_buffer(16)
        for r in pl.range(pld.world_size()):
            self.consume_orch(data, outputs[r], device=r)
        return outputs
