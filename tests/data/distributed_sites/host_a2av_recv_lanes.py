import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class HostCollective:
    @pl.function(type=pl.FunctionType.InCore)
    def publish_step(
        self,
        inp: pl.Tensor[[2, 64], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[2, 64], pl.FP32]],
    ) -> pld.DistributedTensor[[2, 64], pl.FP32]:
        local = pl.load(inp, [0, 0], [2, 64])
        return pl.store(local, [0, 0], data)

    @pl.function(type=pl.FunctionType.Orchestration)
    def publish_orch(
        self,
        inp: pl.Tensor[[2, 64], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[2, 64], pl.FP32]],
    ) -> pld.DistributedTensor[[2, 64], pl.FP32]:
        return self.publish_step(inp, data)

    @pl.function(type=pl.FunctionType.InCore)
    def consume_step(
        self,
        data: pld.DistributedTensor[[2, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[2, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 64], pl.FP32]:
        reduced = pl.load(data, [0, 0], [2, 64])
        return pl.store(reduced, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def consume_orch(
        self,
        data: pld.DistributedTensor[[2, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[2, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 64], pl.FP32]:
        return self.consume_step(data, out)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[2, 2, 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[2, 2, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 2, 64], pl.FP32]:
        data_buf = pld.alloc_window_buffer(2 * 64 * 4)
        signal_buf = pld.alloc_window_buffer(64)
        for r in pl.range(pld.world_size()):
            data = pld.window(data_buf, [2, 64], dtype=pl.FP32)
            self.publish_orch(inputs[r], data, device=r)
        data = pld.window(data_buf, [2, 64], dtype=pl.FP32)
        stage = pld.window(signal_buf, [2, 64], dtype=pl.FP32)
        sig2 = pld.window(signal_buf, [2, 1], dtype=pl.INT32)
        sendc = pld.window(signal_buf, [2], dtype=pl.INT32)
        recvc = pld.window(signal_buf, [2, 2], dtype=pl.INT32)
        signal = pld.window(signal_buf, [2], dtype=pl.INT32)
        data = pld.tensor.all_to_all_v(stage, data, sig2, sendc, recvc)
        for r in pl.range(pld.world_size()):
            self.consume_orch(data, outputs[r], device=r)
        return outputs
