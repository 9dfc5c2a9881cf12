# Derived from corpus pypto/examples/runtime/distributed_callback.py (InspectProgram); CANN Open Software License Agreement v2.0
import pypto.language as pl

PLATFORM = "a2a3sim"


@pl.program
class InspectProgram:
    """L3: HOST orch → CHIP worker (a + b) → abstract ``inspect_result`` callback."""

    @pl.function(type=pl.FunctionType.InCore)
    def tile_add(
        self,
        a: pl.Tensor[[512, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        f: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        [0, 0]
        tile_a = pl.load(a, [0, 0], [512, 512])
        tile_b = pl.load(b, [0, 0], [512, 512])
        tile_f = pl.add(tile_a, tile_b)
        return pl.store(tile_f, [0, 0], f)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        a: pl.Tensor[[512, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        f: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        return self.tile_add(a, b, f)

    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def inspect_result(f: pl.Tensor[[512, 512], pl.FP32]):
        # Abstract body: this SubWorker is a runtime-bound callback. The real
        # implementation is supplied via prepare(callbacks={"inspect_result": ...}).
        ...

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        a: pl.Tensor[[512, 512], pl.FP32],
        b: pl.Tensor[[512, 512], pl.FP32],
        f: pl.Out[pl.Tensor[[512, 512], pl.FP32]],
    ) -> pl.Tensor[[512, 512], pl.FP32]:
        out_f: pl.Tensor[[512, 512], pl.FP32] = self.chip_orch(a, b, f)
        self.inspect_result(out_f)
        return out_f
