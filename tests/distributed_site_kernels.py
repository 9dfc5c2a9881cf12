"""The kernels of `tests/data/distributed_sites` (the real compiler's verdicts are stored
there, in `verdicts.json`; the kernels are made here, as `small_kernels` makes the others).

Three small multi-rank programs, shaped as the real ones of pypto's `tests/st/distributed`,
each changed in one place per case: `_RING_PUT`, two ranks' InCore kernels exchanging a
window with `pld.tensor.put` and a notify / wait handshake (the `pld` wrappers' and
deductions' checks of put / get, the tile forms, notify / wait / defer_wait, remote_load /
remote_store); `_HOST_COLLECTIVE`, a HOST orchestrator publishing into a window, running
one collective on it (over all devices, or over `pl.range(2)` of them) and reading it back
(LowerHostTensorCollectives and its builtins, the collectives' deductions, the window
buffers); `_INCORE_ALLREDUCE`, an InCore kernel's allreduce composite (LowerCompositeOps).
"""

from __future__ import annotations

from typing import Any

_RING_PUT = """import pypto.language as pl
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
        pld.tensor.put(dst, peer=peer, src=src, atomic=pld.AtomicType.None_)
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
"""

_HOST_COLLECTIVE = """import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class HostCollective:
    @pl.function(type=pl.FunctionType.InCore)
    def publish_step(
        self,
        inp: pl.Tensor[[{rows}, 64], {dt}],
        data: pl.InOut[pld.DistributedTensor[[{rows}, 64], {dt}]],
    ) -> pld.DistributedTensor[[{rows}, 64], {dt}]:
        local = pl.load(inp, [0, 0], [{rows}, 64])
        return pl.store(local, [0, 0], data)

    @pl.function(type=pl.FunctionType.Orchestration)
    def publish_orch(
        self,
        inp: pl.Tensor[[{rows}, 64], {dt}],
        data: pl.InOut[pld.DistributedTensor[[{rows}, 64], {dt}]],
    ) -> pld.DistributedTensor[[{rows}, 64], {dt}]:
        return self.publish_step(inp, data)

    @pl.function(type=pl.FunctionType.InCore)
    def consume_step(
        self,
        data: pld.DistributedTensor[[{rows}, 64], {dt}],
        out: pl.Out[pl.Tensor[[{rows}, 64], {dt}]],
    ) -> pl.Tensor[[{rows}, 64], {dt}]:
        reduced = pl.load(data, [0, 0], [{rows}, 64])
        return pl.store(reduced, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def consume_orch(
        self,
        data: pld.DistributedTensor[[{rows}, 64], {dt}],
        out: pl.Out[pl.Tensor[[{rows}, 64], {dt}]],
    ) -> pl.Tensor[[{rows}, 64], {dt}]:
        return self.consume_step(data, out)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        inputs: pl.Tensor[[2, {rows}, 64], {dt}],
        outputs: pl.Out[pl.Tensor[[2, {rows}, 64], {dt}]],
    ) -> pl.Tensor[[2, {rows}, 64], {dt}]:
        data_buf = pld.alloc_window_buffer({rows} * 64 * 4)
        signal_buf = pld.alloc_window_buffer(64)
        for r in pl.range(pld.world_size()):
            data = pld.window(data_buf, [{rows}, 64], dtype={dt})
            self.publish_orch(inputs[r], data, device=r)
        data = pld.window(data_buf, [{rows}, 64], dtype={dt})
        signal = pld.window(signal_buf, {sig}, dtype={sigdt})
        {collective}
        for r in pl.range(pld.world_size()):
            self.consume_orch(data, outputs[r], device=r)
        return outputs
"""

_INCORE_ALLREDUCE = """import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InCoreAllReduce:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_step(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[{sig}, pl.INT32]],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        local = pl.load(inp, [0, 0], [1, 64])
        data = pl.store(local, [0, 0], data)
        {collective}
        acc = pl.load(data, [0, 0], [1, 64])
        return pl.store(acc, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[{sig}, pl.INT32]],
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
            signal = pld.window(signal_buf, {sig}, dtype=pl.INT32)
            self.chip_orch(inputs[r], outputs[r], data, signal, device=r)
        return outputs
"""


def distributed_site_kernels() -> dict[str, str]:
    """Case name (its file name) -> kernel text."""
    PUT = "pld.tensor.put(dst, peer=peer, src=src, atomic=pld.AtomicType.None_)"
    NOTIFY = "pld.system.notify(target=signal, peer=peer, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)"
    WAIT = "pld.system.wait(signal=signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)"

    def a(*pairs: tuple[str, str]) -> str:
        text = _RING_PUT
        for old, new in pairs:
            assert old in text, old
            text = text.replace(old, new, 1)
        return text

    def b(
        collective: str, sig: str = "[3, 2]", rows: int = 1, dt: str = "pl.FP32", sigdt: str = "pl.INT32"
    ) -> str:
        return _HOST_COLLECTIVE.format(collective=collective, sig=sig, rows=rows, dt=dt, sigdt=sigdt)

    CASES: dict[str, str] = {}
    # --- pld.tensor.put / get: the wrappers' operand checks, the region triple
    CASES["get_ok"] = a((PUT, "pld.tensor.get(src, peer, dst)"))
    CASES["get_region_partial"] = a((PUT, "pld.tensor.get(src, peer, dst, dst_offsets=[0, 0])"))
    CASES["get_dst_tile"] = a((PUT, "pld.tensor.get(local, peer, dst)"))
    CASES["put_src_tile"] = a((PUT, "pld.tensor.put(dst, peer, local)"))
    CASES["put_src_scalar"] = a((PUT, "pld.tensor.put(dst, peer, peer)"))
    CASES["put_atomic_int"] = a((PUT, "pld.tensor.put(dst, peer, src, atomic=5)"))
    CASES["put_atomic_add_ok"] = a((PUT, "pld.tensor.put(dst, peer, src, atomic=pld.AtomicType.Add)"))
    CASES["put_region_src_rank"] = a((PUT, "pld.tensor.put(dst, peer, src, [0, 0], [0], [1, 64])"))
    CASES["put_region_shape_rank"] = a((PUT, "pld.tensor.put(dst, peer, src, [0, 0], [0, 0], [64])"))
    CASES["put_region_dst_neg"] = a((PUT, "pld.tensor.put(dst, peer, src, [0, -1], [0, 0], [1, 32])"))
    CASES["put_region_src_exceeds"] = a((PUT, "pld.tensor.put(dst, peer, src, [0, 0], [0, 48], [1, 32])"))
    CASES["put_region_zero"] = a((PUT, "pld.tensor.put(dst, peer, src, [0, 0], [0, 0], [1, 0])"))
    CASES["put_region_ok"] = a((PUT, "pld.tensor.put(dst, peer, src, [0, 0], [0, 32], [1, 32])"))
    # --- pld.tile.put / get (the printed form ConvertTensorToTileOps makes)
    CASES["tile_put_ok"] = a((PUT, "pld.tile.put(dst, peer, src, local)"))
    CASES["tile_put_plain_dst"] = a((PUT, "pld.tile.put(inp, peer, src, local)"))
    CASES["tile_put_tile_src"] = a((PUT, "pld.tile.put(dst, peer, local, local)"))
    CASES["tile_put_region_partial"] = a((PUT, "pld.tile.put(dst, peer, src, local, dst_offsets=[0, 0])"))
    CASES["tile_put_stage_shapes"] = a(
        (
            "src = pl.store(local, [0, 0], src)",
            "src = pl.store(local, [0, 0], src)\n        half = pl.load(inp, [0, 0], [1, 32])",
        ),
        (PUT, "pld.tile.put(dst, peer, src, local, half)"),
    )
    CASES["tile_put_stage_tensor"] = a((PUT, "pld.tile.put(dst, peer, src, inp)"))
    CASES["tile_put_stage_dtype"] = a(
        (
            "src = pl.store(local, [0, 0], src)",
            "src = pl.store(local, [0, 0], src)\n        wide = pl.cast(local, pl.FP16)",
        ),
        (PUT, "pld.tile.put(dst, peer, src, wide)"),
    )
    CASES["tile_get_ok"] = a((PUT, "pld.tile.get(src, peer, dst, local)"))
    CASES["tile_get_dst_tile"] = a((PUT, "pld.tile.get(local, peer, dst, local)"))
    CASES["tile_get_plain_src"] = a((PUT, "pld.tile.get(src, peer, inp, local)"))
    CASES["tile_get_region_partial"] = a((PUT, "pld.tile.get(src, peer, dst, local, shape=[1, 64])"))
    CASES["tile_get_stage_shapes"] = a(
        (
            "src = pl.store(local, [0, 0], src)",
            "src = pl.store(local, [0, 0], src)\n        half = pl.load(inp, [0, 0], [1, 32])",
        ),
        (PUT, "pld.tile.get(src, peer, dst, local, half)"),
    )
    # --- pld.system: enum operands given as ints, offsets, defer_wait
    CASES["notify_op_int"] = a((NOTIFY, "pld.system.notify(signal, peer, [0, 0], 1, op=7)"))
    CASES["notify_op_set_ok"] = a((NOTIFY, "pld.system.notify(signal, peer, [0, 0], 1, op=pld.NotifyOp.Set)"))
    CASES["wait_cmp_int"] = a((WAIT, "pld.system.wait(signal, [0, 0], 1, cmp=7)"))
    CASES["wait_cmp_eq_ok"] = a((WAIT, "pld.system.wait(signal, [0, 0], 1, cmp=pld.WaitCmp.Eq)"))
    CASES["notify_offsets_scalar"] = a(
        (NOTIFY, "pld.system.notify(signal, peer, peer, 1, op=pld.NotifyOp.AtomicAdd)")
    )
    CASES["wait_offsets_scalar"] = a((WAIT, "pld.system.wait(signal, peer, 1, cmp=pld.WaitCmp.Ge)"))
    CASES["defer_wait_ok"] = a((WAIT, "pld.system.defer_wait(signal, [0, 0], 1, cmp=pld.WaitCmp.Ge)"))
    CASES["defer_wait_neg_expected"] = a(
        (WAIT, "pld.system.defer_wait(signal, [0, 0], -1, cmp=pld.WaitCmp.Ge)")
    )
    CASES["defer_wait_float_expected"] = a(
        (WAIT, "pld.system.defer_wait(signal, [0, 0], 1.5, cmp=pld.WaitCmp.Ge)")
    )
    CASES["defer_wait_float_offset"] = a(
        (WAIT, "pld.system.defer_wait(signal, [0.5, 0], 1, cmp=pld.WaitCmp.Ge)")
    )
    CASES["defer_wait_cmp_int"] = a((WAIT, "pld.system.defer_wait(signal, [0, 0], 1, cmp=7)"))
    CASES["defer_wait_offsets_scalar"] = a(
        (WAIT, "pld.system.defer_wait(signal, peer, 1, cmp=pld.WaitCmp.Ge)")
    )
    # --- pld.tile.remote_load / remote_store shapes
    RLOAD = "recv = pl.load(dst, [0, 0], [1, 64])"
    CASES["rload_ok"] = a((RLOAD, "recv = pld.tile.remote_load(dst, peer, [0, 0], [1, 64])"))
    CASES["rload_valid_ok"] = a(
        (RLOAD, "recv = pld.tile.remote_load(dst, peer, [0, 0], [1, 64], valid_shape=[1, 32])")
    )
    CASES["rload_valid_neg"] = a(
        (RLOAD, "recv = pld.tile.remote_load(dst, peer, [0, 0], [1, 64], valid_shape=[1, -4])")
    )
    CASES["rload_valid_float"] = a(
        (RLOAD, "recv = pld.tile.remote_load(dst, peer, [0, 0], [1, 64], valid_shape=[1, 1.5])")
    )
    CASES["rload_valid_rank"] = a(
        (RLOAD, "recv = pld.tile.remote_load(dst, peer, [0, 0], [1, 64], valid_shape=[64])")
    )
    CASES["rload_offsets_scalar"] = a((RLOAD, "recv = pld.tile.remote_load(dst, peer, peer, [1, 64])"))
    RSTORE_AT = "recv = pl.load(dst, [0, 0], [1, 64])"
    CASES["rstore_ok"] = a(
        (RSTORE_AT, "pld.tile.remote_store(local, dst, peer, [0, 0])\n        " + RSTORE_AT)
    )
    CASES["rstore_1d_src"] = a(
        (
            RSTORE_AT,
            "flat = pl.reshape(local, [64])\n        pld.tile.remote_store(flat, dst, peer, [0, 0])\n        "
            + RSTORE_AT,
        )
    )
    CASES["rstore_offsets_neg"] = a(
        (RSTORE_AT, "pld.tile.remote_store(local, dst, peer, [0, -1])\n        " + RSTORE_AT)
    )
    CASES["rstore_exceeds"] = a(
        (RSTORE_AT, "pld.tile.remote_store(local, dst, peer, [0, 32])\n        " + RSTORE_AT)
    )
    CASES["rstore_atomic_int"] = a(
        (RSTORE_AT, "pld.tile.remote_store(local, dst, peer, [0, 0], atomic=5)\n        " + RSTORE_AT)
    )
    CASES["rstore_offsets_scalar"] = a(
        (RSTORE_AT, "pld.tile.remote_store(local, dst, peer, peer)\n        " + RSTORE_AT)
    )
    CASES["trstore_ok"] = a(
        (RSTORE_AT, "pld.tensor.remote_store(inp, dst, peer, [0, 0])\n        " + RSTORE_AT)
    )
    CASES["trstore_exceeds"] = a(
        (RSTORE_AT, "pld.tensor.remote_store(inp, dst, peer, [1, 0])\n        " + RSTORE_AT)
    )
    # --- host collectives (LowerHostTensorCollectives and the builtin ops' deductions)
    RING = 'data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, mode="ring")'
    CASES["host_ring_ok"] = b(RING)
    CASES["host_ring_sig_rank1"] = b(RING, sig="[6]")
    CASES["host_ring_sig_rows"] = b(RING, sig="[2, 2]")
    CASES["host_ring_sig_cols"] = b(RING, sig="[3, 1]")
    CASES["host_ring_max"] = b('data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Max, mode="ring")')
    CASES["host_ring_fp16"] = b(RING, dt="pl.FP16")
    CASES["host_ring_sig_fp32"] = b(RING, sigdt="pl.FP32")
    CASES["host_ring_odd"] = (
        b(RING.replace("data,", "data,"), rows=1)
        .replace("[1, 64]", "[1, 63]")
        .replace("[2, 1, 64]", "[2, 1, 63]")
    )
    CASES["host_ring_core2"] = b(
        'data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, mode="ring", core_num=2)'
    )
    MESH = "data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)"
    CASES["host_mesh_ok"] = b(MESH, sig="[2]")
    CASES["host_mesh_sig3d"] = b(MESH, sig="[2, 1, 1]")
    CASES["host_mesh_core2_rank1"] = b(
        "data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, core_num=2)", sig="[2]"
    )
    CASES["host_mesh_core4_narrow"] = b(
        "data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, core_num=4)", sig="[2, 2]"
    )
    CASES["host_mesh_core2_ok"] = b(
        "data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, core_num=2)", sig="[2, 2]"
    )
    CASES["host_mesh_core_many"] = b(
        "data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, core_num=100)", sig="[2, 100]"
    )
    CASES["host_mesh_op_int"] = b("data = pld.tensor.allreduce(data, signal, op=7)", sig="[2]")
    CASES["host_mesh_sig_rows1"] = b(MESH, sig="[1]")
    # CASES["host_barrier_ok"] = b("signal = pld.tensor.barrier(signal)", sig="[2]")
    # CASES["host_barrier_rank2"] = b("signal = pld.tensor.barrier(signal)", sig="[2, 1]")
    CASES["host_broadcast_ok"] = b("data = pld.tensor.broadcast(data, signal, root=0)", sig="[2]")
    CASES["host_broadcast_fp16"] = b(
        "data = pld.tensor.broadcast(data, signal, root=0)", sig="[2]", dt="pl.FP16"
    )
    CASES["host_broadcast_root_big"] = b("data = pld.tensor.broadcast(data, signal, root=5)", sig="[2]")
    CASES["host_broadcast_sig_rank2"] = b("data = pld.tensor.broadcast(data, signal, root=0)", sig="[2, 1]")
    CASES["host_rs_ok"] = b(
        "data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)", sig="[2]", rows=2
    )
    CASES["host_rs_fp16"] = b(
        "data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)", sig="[2]", rows=2, dt="pl.FP16"
    )
    CASES["host_rs_sig_rank2"] = b(
        "data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)", sig="[2, 1]", rows=2
    )

    HOST_ALLOC = "signal_buf = pld.alloc_window_buffer(64)"
    CASES["alloc_shape_ok"] = b(MESH, sig="[2]").replace(
        HOST_ALLOC, "signal_buf = pld.alloc_window_buffer([2], dtype=pl.INT32)"
    )
    CASES["alloc_shape_empty"] = b(MESH, sig="[2]").replace(
        HOST_ALLOC, "signal_buf = pld.alloc_window_buffer([], dtype=pl.INT32)"
    )
    CASES["alloc_shape_zero"] = b(MESH, sig="[2]").replace(
        HOST_ALLOC, "signal_buf = pld.alloc_window_buffer([2, 0], dtype=pl.INT32)"
    )
    CASES["alloc_shape_neg"] = b(MESH, sig="[2]").replace(
        HOST_ALLOC, "signal_buf = pld.alloc_window_buffer([-2], dtype=pl.INT32)"
    )
    CASES["alloc_size_dtype"] = b(MESH, sig="[2]").replace(
        HOST_ALLOC, "signal_buf = pld.alloc_window_buffer(8, dtype=pl.INT32)"
    )
    CASES["window_int_buf"] = b(MESH, sig="[2]").replace(
        "signal = pld.window(signal_buf,", "signal = pld.window(8,"
    )
    CASES["window_shape_scalar"] = b(MESH, sig="[2]").replace(
        "signal = pld.window(signal_buf, [2],", "signal = pld.window(signal_buf, 2,"
    )
    CASES["world_size_arg"] = b(MESH, sig="[2]").replace(
        "for r in pl.range(pld.world_size()):\n            data =",
        "for r in pl.range(pld.world_size(2)):\n            data =",
    )
    CASES["world_size_kw"] = b(MESH, sig="[2]").replace(
        "for r in pl.range(pld.world_size()):\n            data =",
        "for r in pl.range(pld.world_size(n=2)):\n            data =",
    )
    GATHER = "data = pld.tensor.allgather(stage, data, signal)"

    def gather(
        line: str, rows: int = 2, sig: str = "[2]", dt: str = "pl.FP32", stage_dt: str | None = None
    ) -> str:
        text = b(line, sig=sig, rows=rows, dt=dt)
        stage_dt = stage_dt or dt
        return text.replace(
            "        signal = pld.window(signal_buf,",
            f"        stage_buf = pld.alloc_window_buffer(64 * 4)\n        stage = pld.window(stage_buf, [1, 64], dtype={stage_dt})\n        signal = pld.window(signal_buf,",
        )

    CASES["host_allgather_ok"] = gather(GATHER)
    CASES["host_allgather_fp16"] = gather(GATHER, dt="pl.FP16")
    CASES["host_allgather_sig_rank2"] = gather(GATHER, sig="[2, 1]")
    CASES["host_allgather_dtype"] = gather(GATHER, stage_dt="pl.FP16")
    CASES["host_allgather_plain_input"] = gather("data = pld.tensor.allgather(inputs[0], data, signal)")
    A2A = "data = pld.tensor.all_to_all(stage2, data, signal)"

    def a2a(line: str, sig: str = "[2]", dt: str = "pl.FP32", rows: int = 2) -> str:
        text = b(line, sig=sig, rows=rows, dt=dt)
        return text.replace(
            "        signal = pld.window(signal_buf,",
            f"        stage_buf = pld.alloc_window_buffer(2 * 64 * 4)\n        stage2 = pld.window(stage_buf, [2, 64], dtype={dt})\n        signal = pld.window(signal_buf,",
        )

    CASES["host_a2a_ok"] = a2a(A2A)
    CASES["host_a2a_fp16"] = a2a(A2A, dt="pl.FP16")
    CASES["host_a2a_sig_rank2"] = a2a(A2A, sig="[2, 1]")
    CASES["host_a2a_sig_cols"] = a2a(A2A, sig="[2, 2]")
    CASES["host_a2a_sig3d"] = a2a(A2A, sig="[2, 1, 1]")
    CASES["host_rs_sig3d"] = b(
        "data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)", sig="[2, 1, 1]", rows=2
    )
    CASES["host_broadcast_sig3d"] = b("data = pld.tensor.broadcast(data, signal, root=0)", sig="[2, 1, 1]")
    CASES["host_ring_sig3d"] = b(RING, sig="[3, 2, 1]")
    CASES["host_mesh_sig_stride"] = b(
        "data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, core_num=2)", sig="[2, 3]"
    )

    CASES["host_ring_many"] = b(RING, sig="[33, 17]")
    for name in [
        "defer_wait_ok",
        "host_a2a_ok",
        "host_a2a_fp16",
        "host_a2a_sig_rank2",
        "host_allgather_ok",
        "host_allgather_fp16",
        "host_allgather_sig_rank2",
        "host_allgather_plain_input",
    ]:
        del CASES[name]

    # --- round 2 (written after the first recording) ---------------------------------------

    def c(collective: str, sig: str = "[2, 1]") -> str:
        return _INCORE_ALLREDUCE.format(collective=collective, sig=sig)

    IMESH = "data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)"
    IRING = 'data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, mode="ring")'
    CASES["incore_mesh_ok"] = c(IMESH)
    CASES["incore_mesh_sig_rank1"] = c(IMESH, sig="[2]")
    CASES["incore_mesh_sig_lanes"] = c(IMESH, sig="[2, 2]")
    CASES["incore_mesh_core2"] = c(
        "data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, core_num=2)"
    )
    CASES["incore_mesh_nosignal"] = c("data = pld.tensor.allreduce(data, op=pld.ReduceOp.Sum)")
    CASES["incore_ring_ok"] = c(IRING, sig="[2, 2]")
    CASES["incore_ring_rows"] = c(IRING, sig="[3, 2]")
    CASES["incore_ring_rank1"] = c(IRING, sig="[4]")

    # the other collectives' deductions (parse level), in the HOST orchestrator
    def host_windows(line: str, windows: list[tuple[str, str, str]]) -> str:
        text = b(line, sig="[2]", rows=2)
        extra = "".join(
            f"        {name} = pld.window(signal_buf, {shape}, dtype={dt})\n" for name, shape, dt in windows
        )
        return text.replace(
            "        signal = pld.window(signal_buf,", extra + "        signal = pld.window(signal_buf,"
        )

    CASES["host_allgather_target_3d"] = host_windows(
        "data = pld.tensor.allgather(row, wide, signal)",
        [("row", "[1, 64]", "pl.FP32"), ("wide", "[2, 1, 64]", "pl.FP32")],
    )
    CASES["host_allgather_sig_fp32"] = host_windows(
        "data = pld.tensor.allgather(row, data, fsig)",
        [("row", "[1, 64]", "pl.FP32"), ("fsig", "[2]", "pl.FP32")],
    )
    CASES["host_a2a_input_3d"] = host_windows(
        "data = pld.tensor.all_to_all(cube, data, signal)", [("cube", "[2, 1, 64]", "pl.FP32")]
    )
    CASES["host_a2a_target_3d"] = host_windows(
        "data = pld.tensor.all_to_all(stage, cube, signal)",
        [("stage", "[2, 64]", "pl.FP32"), ("cube", "[2, 1, 64]", "pl.FP32")],
    )
    CASES["host_a2a_size"] = host_windows(
        "data = pld.tensor.all_to_all(stage, data, signal)", [("stage", "[2, 32]", "pl.FP32")]
    )
    CASES["host_a2a_dtype"] = host_windows(
        "data = pld.tensor.all_to_all(stage, data, signal)", [("stage", "[2, 64]", "pl.FP16")]
    )
    CASES["host_a2a_sig_fp32"] = host_windows(
        "data = pld.tensor.all_to_all(stage, data, fsig)",
        [("stage", "[2, 64]", "pl.FP32"), ("fsig", "[2]", "pl.FP32")],
    )
    CASES["host_a2a_input_scalar"] = host_windows("data = pld.tensor.all_to_all(r, data, signal)", [])
    CASES["host_rs_sig_fp32"] = host_windows(
        "data = pld.tensor.reduce_scatter(data, fsig, op=pld.ReduceOp.Sum)", [("fsig", "[2]", "pl.FP32")]
    )
    A2AV = [
        ("stage", "[2, 64]", "pl.FP32"),
        ("sig2", "[2, 1]", "pl.INT32"),
        ("sendc", "[2]", "pl.INT32"),
        ("recvc", "[2, 1]", "pl.INT32"),
    ]

    def a2av(call: str, windows: list[tuple[str, str, str]] = A2AV) -> str:
        return host_windows(f"data = pld.tensor.all_to_all_v({call})", windows)

    def swap(name: str, shape: str, dt: str = "pl.INT32") -> list[tuple[str, str, str]]:
        return [(n, shape if n == name else s, dt if n == name else d) for n, s, d in A2AV]

    CASES["host_a2av_input_3d"] = a2av(
        "cube, data, sig2, sendc, recvc", [*A2AV, ("cube", "[2, 1, 64]", "pl.FP32")]
    )
    CASES["host_a2av_target_3d"] = a2av(
        "stage, cube, sig2, sendc, recvc", [*A2AV, ("cube", "[2, 1, 64]", "pl.FP32")]
    )
    CASES["host_a2av_size"] = a2av("stage, data, sig2, sendc, recvc", swap("stage", "[2, 32]", "pl.FP32"))
    CASES["host_a2av_dtype"] = a2av("stage, data, sig2, sendc, recvc", swap("stage", "[2, 64]", "pl.FP16"))
    CASES["host_a2av_sig_fp32"] = a2av("stage, data, sig2, sendc, recvc", swap("sig2", "[2, 1]", "pl.FP32"))
    CASES["host_a2av_sig_rank1"] = a2av("stage, data, sig2, sendc, recvc", swap("sig2", "[2]"))
    CASES["host_a2av_sig_lanes"] = a2av("stage, data, sig2, sendc, recvc", swap("sig2", "[2, 2]"))
    CASES["host_a2av_sig_divide"] = a2av("stage, data, sig2, sendc, recvc", swap("sig2", "[3, 1]"))
    CASES["host_a2av_send_fp32"] = a2av("stage, data, sig2, sendc, recvc", swap("sendc", "[2]", "pl.FP32"))
    CASES["host_a2av_send_3d"] = a2av("stage, data, sig2, sendc, recvc", swap("sendc", "[2, 1, 1]"))
    CASES["host_a2av_send_lanes"] = a2av("stage, data, sig2, sendc, recvc", swap("sendc", "[2, 2]"))
    CASES["host_a2av_send_rows"] = a2av("stage, data, sig2, sendc, recvc", swap("sendc", "[4]"))
    CASES["host_a2av_recv_fp32"] = a2av("stage, data, sig2, sendc, recvc", swap("recvc", "[2, 1]", "pl.FP32"))
    CASES["host_a2av_recv_rank1"] = a2av("stage, data, sig2, sendc, recvc", swap("recvc", "[2]"))
    CASES["host_a2av_recv_lanes"] = a2av("stage, data, sig2, sendc, recvc", swap("recvc", "[2, 2]"))
    CASES["host_a2av_recv_rows"] = a2av("stage, data, sig2, sendc, recvc", swap("recvc", "[4, 1]"))
    CASES["host_a2av_send_scalar"] = a2av("stage, data, sig2, r, recvc")

    # --- round 3: an explicit device subset (`for r in pl.range(2)`) ------------------------------
    def s(collective: str, **kw: Any) -> str:
        return b(collective, **kw).replace("for r in pl.range(pld.world_size()):", "for r in pl.range(2):")

    R3: dict[str, str] = {}
    R3["host2_ring_ok"] = s(RING)
    R3["host2_ring_sig_rank1"] = s(RING, sig="[6]")
    R3["host2_ring_sig_short"] = s(RING, sig="[2, 2]")
    R3["host2_ring_sig_ranks"] = s(RING, sig="[3, 1]")
    R3["host2_ring_sig_long"] = s(RING, sig="[5, 2]")
    R3["host2_ring_odd"] = s(RING).replace("[1, 64]", "[1, 63]").replace("[2, 1, 64]", "[2, 1, 63]")
    R3["host2_mesh_ok"] = s(MESH, sig="[2]")
    R3["host2_mesh_sig_rows1"] = s(MESH, sig="[1]")
    R3["host2_mesh_core2_ok"] = s(
        "data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, core_num=2)", sig="[2, 2]"
    )
    R3["host2_broadcast_ok"] = s("data = pld.tensor.broadcast(data, signal, root=1)", sig="[2]")
    R3["host2_broadcast_root_big"] = s("data = pld.tensor.broadcast(data, signal, root=5)", sig="[2]")
    R3["host2_broadcast_sig_rows1"] = s("data = pld.tensor.broadcast(data, signal, root=0)", sig="[1]")
    R3["host2_rs_ok"] = s(
        "data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)", sig="[2]", rows=2
    )
    R3["host_rs_sig_lanes"] = b(
        "data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)", sig="[2, 2]", rows=2
    )
    R3["host_broadcast_sig_lanes"] = b("data = pld.tensor.broadcast(data, signal, root=0)", sig="[2, 3]")
    CASES.update(R3)
    return {f"{name}.py": text for name, text in CASES.items()}
