import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InCoreAllReduce:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_step(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        local = pl.load(inp, [0, 0], [1, 64])
        data = pl.store(local, [0, 0], data)
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
        acc = pl.load(data, [0, 0], [1, 64])
        return pl.store(acc, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        return self.reduce_step(inp, out, data, signal)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[2, 1, 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[2, 1, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 1, 64], pl.FP32]:
        data_buf = pld.alloc_window_buffer(64 * 4)
        signal_buf = pld.alloc_window_buffer(64)
        for r in pl.range(pld.world_size()):
            data = pld.window(data_buf, [1, 64], dtype=pl.FP32)
            signal = pld.window(signal_buf, [2, 1], dtype=pl.INT32)
            self.chip_orch(inputs[r], outputs[r], data, signal, device=r)
        return outputs
