# pypto.program: HostTensorAllReduce
import pypto.language as pl

NR = pl.dynamic("NR")
@pl.program
class HostTensorAllReduce:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def consume_step(data: pld.DistributedTensor[[1, 256], pl.FP32], out: pl.Out[pl.Tensor[[1, 256], pl.FP32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        reduced: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [0, 0], [1, 256], [1, 256], target_memory=pl.Mem.Vec)
        return pl.tile.store(reduced, [0, 0], out)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def consume_orch(self, data: pld.DistributedTensor[[1, 256], pl.FP32], out: pl.Out[pl.Tensor[[1, 256], pl.FP32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        return self.consume_step(data, out)
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def publish_step(inp: pl.Tensor[[1, 256], pl.FP32], data: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]]) -> pld.DistributedTensor[[1, 256], pl.FP32]:
        local: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp, [0, 0], [1, 256], [1, 256], target_memory=pl.Mem.Vec)
        return pl.tile.store(local, [0, 0], data)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def publish_orch(self, inp: pl.Tensor[[1, 256], pl.FP32], data: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]]) -> pld.DistributedTensor[[1, 256], pl.FP32]:
        return self.publish_step(inp, data)
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, inputs: pl.Tensor[[NR, 1, 256], pl.FP32], outputs: pl.Out[pl.Tensor[[NR, 1, 256], pl.FP32]]) -> pl.Tensor[[NR, 1, 256], pl.FP32]:
        data_buf: pl.Ptr = pld.tensor.alloc_window_buffer(pl.const(256, pl.INDEX) * pl.const(4, pl.INDEX))
        signal_buf: pl.Ptr = pld.tensor.alloc_window_buffer(pld.system.world_size() * 4)
        for r in pl.range(pld.system.world_size()):
            data: pld.DistributedTensor[[1, 256], pl.FP32] = pld.tensor.window(data_buf, [1, 256], dtype=pl.FP32)
            self.publish_orch(pl.tensor.slice(inputs, [1, 1, 256], [r, 0, 0], [], [0]), data, device=r)
        data: pld.DistributedTensor[[1, 256], pl.FP32] = pld.tensor.window(data_buf, [1, 256], dtype=pl.FP32)
        signal: pld.DistributedTensor[[pld.system.world_size()], pl.INT32] = pld.tensor.window(signal_buf, [pld.system.world_size()], dtype=pl.INT32)
        data: pld.DistributedTensor[[1, 256], pl.FP32] = pld.tensor.allreduce(data, signal, op=0, mode='mesh', core_num=1)
        for r_1 in pl.range(pld.system.world_size()):
            self.consume_orch(data, pl.tensor.slice(outputs, [1, 1, 256], [r_1, 0, 0], [], [0]), device=r_1)
        return outputs
