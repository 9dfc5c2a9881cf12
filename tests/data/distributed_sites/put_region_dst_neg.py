import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RingPut:
    @pl.function(type=pl.FunctionType.InCore)
    def ring_step(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        src: pld.DistributedTensor[[1, 64], pl.FP32],
        dst: pld.DistributedTensor[[1, 64], pl.FP32],
        signal: pld.DistributedTensor[[1, 1], pl.INT32],
        peer: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        local = pl.load(inp, [0, 0], [1, 64])
        src = pl.store(local, [0, 0], src)
        pld.tensor.put(dst, peer, src, [0, -1], [0, 0], [1, 32])
        pld.system.notify(target=signal, peer=peer, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
        pld.system.wait(signal=signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
        recv = pl.load(dst, [0, 0], [1, 64])
        return pl.store(recv, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        src: pld.DistributedTensor[[1, 64], pl.FP32],
        dst: pld.DistributedTensor[[1, 64], pl.FP32],
        signal: pld.DistributedTensor[[1, 1], pl.INT32],
        peer: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        return self.ring_step(inp, out, src, dst, signal, peer)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[2, 1, 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[2, 1, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 1, 64], pl.FP32]:
        src_buf = pld.alloc_window_buffer(64 * 4)
        dst_buf = pld.alloc_window_buffer(64 * 4)
        signal_buf = pld.alloc_window_buffer(4)
        for r in pl.range(pld.world_size()):
            src = pld.window(src_buf, [1, 64], dtype=pl.FP32)
            dst = pld.window(dst_buf, [1, 64], dtype=pl.FP32)
            signal = pld.window(signal_buf, [1, 1], dtype=pl.INT32)
            self.chip_orch(inputs[r], outputs[r], src, dst, signal, (r + 1) % pld.world_size(), device=r)
        return outputs
