# Derived from pypto e2d0f78 tests/st/runtime/ops/test_random.py (RandomDetermUInt32); CANN Open Software License Agreement v2.0
import pypto.language as pl
from pypto.backend import BackendType
from pypto.ir.pass_manager import OptimizationStrategy




@pl.program
class RandomDetermUInt32:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, output: pl.Out[pl.Tensor[[4, 1024], pl.UINT32]]) -> pl.Tensor[[4, 1024], pl.UINT32]:
        a: pl.Tile[[4, 1024], pl.UINT32] = pl.tile.random(0x1234, 0x5678, 1, 2, 3, 4, [4, 1024])
        b: pl.Tile[[4, 1024], pl.UINT32] = pl.tile.random(0x1234, 0x5678, 1, 2, 3, 4, [4, 1024])
        diff: pl.Tile[[4, 1024], pl.UINT32] = pl.tile.sub(a, b)
        return pl.store(diff, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(self, output: pl.Out[pl.Tensor[[4, 1024], pl.UINT32]]) -> pl.Tensor[[4, 1024], pl.UINT32]:
        probe = pl.add(output, output)
        return self.kernel(output)
