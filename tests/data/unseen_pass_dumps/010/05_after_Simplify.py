# pypto.program: HostTensorAllReduce
import pypto.language as pl

NR = pl.dynamic("NR")
@pl.program
class HostTensorAllReduce:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def consume_step(data__ssa_v0: pld.DistributedTensor[[1, 256], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[1, 256], pl.FP32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        reduced__ssa_v0: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(data__ssa_v0, [0, 0], [1, 256], [1, 256], target_memory=pl.Mem.Vec)
        return pl.tile.store(reduced__ssa_v0, [0, 0], out__ssa_v0)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def consume_orch(self, data__ssa_v0: pld.DistributedTensor[[1, 256], pl.FP32], out__ssa_v0: pl.Out[pl.Tensor[[1, 256], pl.FP32]]) -> pl.Tensor[[1, 256], pl.FP32]:
        return self.consume_step(data__ssa_v0, out__ssa_v0)
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def publish_step(inp__ssa_v0: pl.Tensor[[1, 256], pl.FP32], data__ssa_v0: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]]) -> pld.DistributedTensor[[1, 256], pl.FP32]:
        local__ssa_v0: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp__ssa_v0, [0, 0], [1, 256], [1, 256], target_memory=pl.Mem.Vec)
        return pl.tile.store(local__ssa_v0, [0, 0], data__ssa_v0)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def publish_orch(self, inp__ssa_v0: pl.Tensor[[1, 256], pl.FP32], data__ssa_v0: pl.InOut[pld.DistributedTensor[[1, 256], pl.FP32]]) -> pld.DistributedTensor[[1, 256], pl.FP32]:
        return self.publish_step(inp__ssa_v0, data__ssa_v0)
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, inputs__ssa_v0: pl.Tensor[[NR, 1, 256], pl.FP32], outputs__ssa_v0: pl.Out[pl.Tensor[[NR, 1, 256], pl.FP32]]) -> pl.Tensor[[NR, 1, 256], pl.FP32]:
        data_buf__ssa_v0: pl.Ptr = pld.tensor.alloc_window_buffer(1024)
        signal_buf__ssa_v0: pl.Ptr = pld.tensor.alloc_window_buffer(pld.system.world_size() * 4)
        for r__idx_v0 in pl.range(pld.system.world_size()):
            data__ssa_v0: pld.DistributedTensor[[1, 256], pl.FP32] = pld.tensor.window(data_buf__ssa_v0, [1, 256], dtype=pl.FP32)
            self.publish_orch(pl.tensor.slice(inputs__ssa_v0, [1, 1, 256], [r__idx_v0, 0, 0], [], [0]), data__ssa_v0, device=r__idx_v0)
        data__ssa_v1: pld.DistributedTensor[[1, 256], pl.FP32] = pld.tensor.window(data_buf__ssa_v0, [1, 256], dtype=pl.FP32)
        signal__ssa_v0: pld.DistributedTensor[[pld.system.world_size()], pl.INT32] = pld.tensor.window(signal_buf__ssa_v0, [pld.system.world_size()], dtype=pl.INT32)
        data__ssa_v2: pld.DistributedTensor[[1, 256], pl.FP32] = pld.tensor.allreduce(data__ssa_v1, signal__ssa_v0, op=0, mode='mesh', core_num=1)
        for r__idx_v0_1 in pl.range(pld.system.world_size()):
            self.consume_orch(data__ssa_v2, pl.tensor.slice(outputs__ssa_v0, [1, 1, 256], [r__idx_v0_1, 0, 0], [], [0]), device=r__idx_v0_1)
        return outputs__ssa_v0
