import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class HostCollective:
    @pl.function(type=pl.FunctionType.InCore)
    def publish_step(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
    ) -> pld.DistributedTensor[[1, 64], pl.FP32]:
        local = pl.load(inp, [0, 0], [1, 64])
        return pl.store(local, [0, 0], data)

    @pl.function(type=pl.FunctionType.Orchestration)
    def publish_orch(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
    ) -> pld.DistributedTensor[[1, 64], pl.FP32]:
        return self.publish_step(inp, data)

    @pl.function(type=pl.FunctionType.InCore)
    def consume_step(
        self,
        data: pld.DistributedTensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        reduced = pl.load(data, [0, 0], [1, 64])
        return pl.store(reduced, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def consume_orch(
        self,
        data: pld.DistributedTensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        return self.consume_step(data, out)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[2, 1, 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[2, 1, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 1, 64], pl.FP32]:
        data_buf = pld.alloc_window_buffer(1 * 64 * 4)
        signal_buf = pld.alloc_window_buffer(64)
        for r in pl.range(2):
            data = pld.window(data_buf, [1, 64], dtype=pl.FP32)
            self.publish_orch(inputs[r], data, device=r)
        data = pld.window(data_buf, [1, 64], dtype=pl.FP32)
        signal = pld.window(signal_buf, [2], dtype=pl.INT32)
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
        for r in pl.range(2):
            self.consume_orch(data, outputs[r], device=r)
        return outputs
